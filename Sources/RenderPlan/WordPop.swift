public import Timeline

/// The active word's size on a frame: its look's `scale`, reached from `pop.scale` over the pop's
/// duration from the moment it turned active, along the pop's ease. Both the renderer and the
/// frame describer ask here, so what is drawn and what is hashed agree.
public enum WordPop {
  /// The smallest scale a word is drawn at.
  public static let minimumScale = 0.01

  /// The scale of `word`, active on frame `k`, in `plan`'s captions.
  public static func scale(
    of word: WordPlan, in plan: WordCaptionsPlan, atFrame k: Int64, fps: Rational
  ) -> Double {
    let target = plan.active.scale
    guard let pop = plan.pop, pop.duration > .zero else { return target }
    let elapsed = TimeGrid.time(ofFrame: k, fps: fps) - word.activeFrom
    let progress = (elapsed / pop.duration).doubleValue
    guard progress < 1 else { return target }
    let eased = pop.ease.progress(max(0, progress))
    // A Bézier ease may overshoot past 0; a word is never drawn at no size or mirrored.
    return max(minimumScale, pop.scale + (target - pop.scale) * eased)
  }
}

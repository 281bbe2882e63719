import Compositing
public import GPU
import Media
public import RenderPlan

/// A plan's frames drawn one after another, as a movie's are (each layer's source decoding
/// ahead on its own thread), for a preview that plays: a frame after the last one drawn costs
/// one composite, where `FramePreview` seeks every video from its key frame for each frame.
/// Frames passed over (a player that skips to keep real time) still advance every source, as
/// their feeds give frames in order. The pictures are `FramePreview.render`'s, with alpha kept.
public final class FrameSequence {
  /// The plan drawn.
  public let plan: RenderPlan
  private let compositor: VideoCompositor
  private let sources: LayerSources
  /// The frame the sources are ready to give next: frames from here on can be drawn.
  public private(set) var next: Int64

  /// Ready to draw `plan`'s frames from `first` on, with `context`, current on the calling
  /// thread, which every later call must use.
  public init(plan: RenderPlan, from first: Int64, context: GPUContext) throws {
    self.plan = plan
    compositor = VideoCompositor(
      context: context, width: plan.output.width, height: plan.output.height,
      background: plan.output.drawnBackground, styles: plan.layerStyles,
      patterns: try PatternGrey.load(plan), luts: try LUTTables.load(plan))
    sources = LayerSources(plan: plan, from: first)
    next = first
  }

  deinit { sources.stopAll() }

  /// Frame `k`'s picture as RGBA rows, top first; `k` must be `next` or later.
  public func render(frame k: Int64) throws -> [UInt8] {
    precondition(k >= next, "frame \(k) is before the sequence's next, \(next)")
    let draws = try sources.draws(atFrame: k, passingOverFrom: next)
    next = k + 1
    return try compositor.composite(
      CompositeItem.frame(draws, transitions: plan.transitions, frame: k, fps: plan.output.fps)
    ).rgba()
  }
}

import Media
import PlanValues
import RenderPlan
import Timeline

/// A layer's settings for the whole render: its fit and key with its picture's display facts.
/// Where it is, how it is turned and how opaque come per frame, in its `LayerState`.
public struct LayerStyle {
  var fit: Fit
  var key: KeyPlan?
  var sampleAspectRatio: Rational
  /// The picture's rotation metadata: clockwise degrees, a multiple of 90.
  var rotation: Int
  /// The drop shadow under it, if any.
  var shadow: Shadow? = nil
  /// The colour look it is drawn through, if any.
  var lut: LUT? = nil

  /// A style with no shadow or look unless given.
  public init(
    fit: Fit, key: KeyPlan?, sampleAspectRatio: Rational, rotation: Int, shadow: Shadow? = nil,
    lut: LUT? = nil
  ) {
    self.fit = fit
    self.key = key
    self.sampleAspectRatio = sampleAspectRatio
    self.rotation = rotation
    self.shadow = shadow
    self.lut = lut
  }
}

/// One layer to draw on one frame: which layer (its index in the plan), its pictures, and its
/// state on this frame.
public struct LayerDraw {
  var layer: Int
  var picture: DecodedFrame
  var matte: DecodedFrame?
  var state: LayerState

  /// Layer `layer`'s pictures on a frame, drawn in `state`.
  public init(layer: Int, picture: DecodedFrame, matte: DecodedFrame?, state: LayerState) {
    self.layer = layer
    self.picture = picture
    self.matte = matte
    self.state = state
  }
}

/// One thing the stacking pass draws on a frame: a layer, or two items of a sequence joined by
/// a transition, drawn as one in their place.
public enum CompositeItem {
  case layer(LayerDraw)
  case transition(TransitionDraw)

  /// The items on a frame, bottom first, from its layers' draws (bottom first): the two items
  /// of each transition under way on frame `k` become one transition item where the first of
  /// them lies. `transitions` is `RenderPlan.transitions`.
  public static func frame(
    _ draws: [LayerDraw], transitions: [TransitionPlan], frame k: Int64, fps: Rational
  ) -> [CompositeItem] {
    var active: [Int: Int] = [:]
    for (index, transition) in transitions.enumerated() where transition.frames.contains(k) {
      active[transition.outgoing] = index
      active[transition.incoming] = index
    }
    guard !active.isEmpty else { return draws.map { .layer($0) } }
    var items: [CompositeItem] = []
    var emitted: Set<Int> = []
    for draw in draws {
      guard let index = active[draw.layer] else {
        items.append(.layer(draw))
        continue
      }
      guard emitted.insert(index).inserted else { continue }
      let transition = transitions[index]
      items.append(
        .transition(
          TransitionDraw(
            index: index, style: transition.style,
            progress: transition.progress(ofFrame: k, fps: fps),
            outgoing: draws.first { $0.layer == transition.outgoing },
            incoming: draws.first { $0.layer == transition.incoming })))
    }
    return items
  }
}

/// Two items of a sequence on a frame of the transition between them. An item that shows
/// nothing on the frame (hidden, faded out, a captions item between cues) is `nil`.
public struct TransitionDraw {
  /// The transition's index in `RenderPlan.transitions`.
  var index: Int
  var style: TransitionStyle
  /// The picture's progress on this frame.
  var progress: Double
  var outgoing: LayerDraw?
  var incoming: LayerDraw?
}

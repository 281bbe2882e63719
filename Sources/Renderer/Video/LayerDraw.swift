import Media
import PlanValues
import RenderPlan
import Timeline

/// A layer's settings for the whole render: its fit and key with its picture's display facts.
/// Where it is, how it is turned and how opaque come per frame, in its `LayerState`.
struct LayerStyle {
  var fit: Fit
  var key: KeyPlan?
  var sampleAspectRatio: Rational
  /// The picture's rotation metadata: clockwise degrees, a multiple of 90.
  var rotation: Int
}

/// One layer to draw on one frame: which layer (its index in the plan), its pictures, and its
/// state on this frame.
struct LayerDraw {
  var layer: Int
  var picture: DecodedFrame
  var matte: DecodedFrame?
  var state: LayerState
}

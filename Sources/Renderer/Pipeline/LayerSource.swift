import Media
import RenderPlan

/// The pictures one layer shows on one output frame.
struct LayerPictures: @unchecked Sendable {
  var frame: Int64
  /// `nil` when the layer shows nothing on the frame (a captions layer between cues).
  var picture: DecodedFrame?
  var matte: DecodedFrame?
}

/// Where a layer's pictures come from during a render: a video decoded ahead on its own
/// thread (`LayerFeed`), one still picture made before the first frame (`StillLayer`), or a
/// subtitle file's pages, typeset as they come (`CaptionsLayer`).
protocol LayerSource: AnyObject {
  /// The layer's plan.
  var layer: LayerPlan { get }
  /// Starts any work ahead of the frames.
  func start()
  /// Stops that work and waits for it.
  func stop()
  /// The pictures for output frame `k`; called for the layer's frames in order.
  func next(frame k: Int64) throws(RenderFailure) -> LayerPictures
  /// The pictures for output frame `k` alone, made on the calling thread.
  func pictures(at k: Int64) throws(RenderFailure) -> LayerPictures
  /// Problems that did not stop the render.
  var warnings: [RenderFailure] { get }
}

/// The source of `layer`'s pictures: opens its files, or makes its still picture.
func layerSource(for layer: LayerPlan, plan: RenderPlan) throws(RenderFailure) -> any LayerSource {
  switch layer.content {
  case .video: try LayerFeed(layer: layer, plan: plan)
  case .image, .fill, .text: try StillLayer(layer: layer, plan: plan)
  case .captions(let captions): CaptionsLayer(layer: layer, captions: captions)
  }
}

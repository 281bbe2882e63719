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
/// thread (`LayerFeed`), one still picture made before the first frame (`StillLayer`), a
/// subtitle file's pages, typeset as they come (`CaptionsLayer`), or a child project
/// composited ahead on its own thread (`CompositionFeed`).
protocol LayerSource: AnyObject {
  /// The layer's plan.
  var layer: LayerPlan { get }
  /// Starts any work ahead of the frames, the first of which is `k` (the layer's first frame,
  /// or a later one where a render starts partway through, as a looped child project's does).
  func start(from k: Int64)
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
  case .project: try CompositionFeed(layer: layer, plan: plan)
  }
}

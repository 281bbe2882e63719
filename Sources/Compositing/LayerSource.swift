import Media
import RenderPlan

/// The pictures one layer shows on one output frame.
public struct LayerPictures: @unchecked Sendable {
  var frame: Int64
  /// `nil` when the layer shows nothing on the frame (a captions layer between cues).
  public var picture: DecodedFrame?
  public var matte: DecodedFrame?

  /// Output frame `frame`'s pictures.
  public init(frame: Int64, picture: DecodedFrame?, matte: DecodedFrame?) {
    self.frame = frame
    self.picture = picture
    self.matte = matte
  }
}

/// Where a layer's pictures come from during a render: a video decoded ahead on its own
/// thread (`LayerFeed`), one still picture made before the first frame (`StillLayer`), a
/// subtitle file's pages, typeset as they come (`CaptionsLayer`), or a child project
/// composited ahead on its own thread (`CompositionFeed`).
public protocol LayerSource: AnyObject {
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

import Media
import RenderPlan

/// A layer that shows one picture on every frame it is drawn on: an image, a fill or text.
/// The picture is made once, before the first frame, so a missing or broken file fails the
/// render before anything is encoded; the compositor uploads it once and keeps it.
public final class StillLayer: LayerSource {
  public let layer: LayerPlan
  private let picture: DecodedFrame

  public init(layer: LayerPlan, plan: RenderPlan) throws(RenderFailure) {
    self.layer = layer
    picture = try StillPicture.make(for: layer, plan: plan)
  }

  /// None: a still that could not be made fails the render, and what its text lacks was
  /// reported while planning.
  public var warnings: [RenderFailure] { [] }

  public func start(from k: Int64) {}
  public func stop() {}

  public func next(frame k: Int64) throws(RenderFailure) -> LayerPictures {
    try pictures(at: k)
  }

  public func pictures(at k: Int64) throws(RenderFailure) -> LayerPictures {
    LayerPictures(frame: k, picture: picture, matte: nil)
  }
}

import Compositing
import Media
import RenderPlan

/// A captions layer during a render: on each frame, the page of cues the plan gives it, typeset
/// the first time it is asked for and kept while it shows, so each page costs one typesetting
/// and the compositor, which sees the same picture again, prepares it once. Frames without a
/// page show nothing.
final class CaptionsLayer: LayerSource {
  let layer: LayerPlan
  private let captions: CaptionsPlan
  /// The page typeset last, and its picture.
  private var current: (frames: FrameRange, picture: DecodedFrame)?

  init(layer: LayerPlan, captions: CaptionsPlan) {
    self.layer = layer
    self.captions = captions
  }

  /// None: characters no installed font has were reported while planning, at their cues.
  var warnings: [RenderFailure] { [] }

  func start(from k: Int64) {}
  func stop() {}

  func next(frame k: Int64) throws(RenderFailure) -> LayerPictures {
    try pictures(at: k)
  }

  func pictures(at k: Int64) throws(RenderFailure) -> LayerPictures {
    guard let page = captions.page(atFrame: k) else {
      // Between pages nothing is held: a long gap keeps no picture alive.
      current = nil
      return LayerPictures(frame: k, picture: nil, matte: nil)
    }
    if let current, current.frames == page.frames {
      return LayerPictures(frame: k, picture: current.picture, matte: nil)
    }
    let picture = try StillPicture.typeset(page.text, in: layer)
    current = (page.frames, picture)
    return LayerPictures(frame: k, picture: picture, matte: nil)
  }
}

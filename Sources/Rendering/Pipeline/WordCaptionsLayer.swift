import Compositing
import Media
import RenderPlan
import Timeline

/// A captions layer with `words:` during a render: each page typeset once per look when it
/// first shows, and a picture drawn from its word boxes only when a word's state or the active
/// word's pop changes; between changes the same picture is shown again, which the compositor
/// prepares once. Frames without a page show nothing.
final class WordCaptionsLayer: LayerSource {
  let layer: LayerPlan
  private let words: WordCaptionsPlan
  private let fps: Rational
  /// The page showing, typeset, and the picture drawn last with what decided it.
  private var current: (frames: FrameRange, page: WordPagePicture)?
  private var drawn: (key: [Double], picture: DecodedFrame)?

  init(layer: LayerPlan, words: WordCaptionsPlan, fps: Rational) {
    self.layer = layer
    self.words = words
    self.fps = fps
  }

  var warnings: [RenderFailure] { [] }

  func start(from k: Int64) {}
  func stop() {}

  func next(frame k: Int64) throws(RenderFailure) -> LayerPictures {
    try pictures(at: k)
  }

  func pictures(at k: Int64) throws(RenderFailure) -> LayerPictures {
    guard let page = words.page(atFrame: k) else {
      // Between pages nothing is held: a long gap keeps no picture alive.
      current = nil
      drawn = nil
      return LayerPictures(frame: k, picture: nil, matte: nil)
    }
    let picture: WordPagePicture
    if let current, current.frames == page.frames {
      picture = current.page
    } else {
      // The page before is let go first: two pages' pictures are never held at once.
      current = nil
      drawn = nil
      picture = try WordPagePicture(page: page, of: words, in: layer)
      current = (page.frames, picture)
      drawn = nil
    }
    let key = picture.key(atFrame: k, fps: fps)
    if let drawn, drawn.key == key {
      return LayerPictures(frame: k, picture: drawn.picture, matte: nil)
    }
    let made = try picture.picture(atFrame: k, fps: fps, layer: layer)
    drawn = (key, made)
    return LayerPictures(frame: k, picture: made, matte: nil)
  }
}

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
  /// The first warning typesetting gave (a character no font has), and how many pages gave
  /// one: a file in a script no installed font covers warns once, not once a cue.
  private var firstWarning: (line: Int, message: String)?
  private var pagesWithWarnings = 0
  /// The page typeset last, and its picture.
  private var current: (frames: FrameRange, picture: DecodedFrame)?

  init(layer: LayerPlan, captions: CaptionsPlan) {
    self.layer = layer
    self.captions = captions
  }

  var warnings: [RenderFailure] {
    guard let firstWarning else { return [] }
    let others = pagesWithWarnings - 1
    let more = others > 0 ? " (and \(others) more cue\(others == 1 ? "" : "s"))" : ""
    return [
      RenderFailure(
        "the cue at line \(firstWarning.line) of \(captions.file)\(more): \(firstWarning.message)",
        layer: layer)
    ]
  }

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
    let made = try StillPicture.typeset(page.text, in: layer)
    if let warning = made.warnings.first {
      pagesWithWarnings += 1
      if firstWarning == nil {
        firstWarning = (captions.cues[page.cues[0]].line, warning.message)
      }
    }
    current = (page.frames, made.picture)
    return LayerPictures(frame: k, picture: made.picture, matte: nil)
  }
}

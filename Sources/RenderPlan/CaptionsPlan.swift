import PlanValues
public import Timeline

/// A captions layer: its subtitle file's cues timed in output frames, and the pages it shows,
/// each typeset once and shown as a still for its frames.
///
/// Cue `i` from `a` to `b` (the file's times) shows on output frame `k` exactly when
/// `a ≤ k / fps − start < b`, within the layer's frames. Where cues overlap, a page shows them
/// stacked, the one that started later below.
public struct CaptionsPlan: Codable, Sendable, Equatable {
  /// The subtitle file, as written in the project (after templating).
  public var file: String
  /// `SubRip` or `WebVTT`: how it was read.
  public var format: String
  /// The font description every cue is set in (as written; each page's plan has its size).
  public var font: String
  /// Every cue of the file, in file order.
  public var cues: [CaptionCuePlan]
  /// What is drawn, in frame order: frames without a page show nothing.
  public var pages: [CaptionPagePlan]
  /// With `words:`, the transcript's pages and words; `cues` and `pages` are then empty.
  public var words: WordCaptionsPlan?

  /// A captions plan.
  public init(
    file: String, format: String, font: String, cues: [CaptionCuePlan],
    pages: [CaptionPagePlan], words: WordCaptionsPlan? = nil
  ) {
    self.words = words
    self.file = file
    self.format = format
    self.font = font
    self.cues = cues
    self.pages = pages
  }

  /// The page shown on output frame `k`, if any: found by bisection, since a render asks on
  /// every frame.
  public func page(atFrame k: Int64) -> CaptionPagePlan? {
    pages.element(atFrame: k, frames: \.frames)
  }
}

/// One cue of a subtitle file, as the plan times it.
public struct CaptionCuePlan: Codable, Sendable, Equatable {
  /// The line of its timing line in the subtitle file.
  public var line: Int
  /// When it starts, on the file's clock.
  public var start: Rational
  /// When it ends (exclusive), on the file's clock.
  public var end: Rational
  /// The output frames it shows on (`first..<end`); none when it ends before it starts, lies
  /// past the layer's end or falls between two frames.
  public var frames: FrameRange
  /// Its words, tags removed.
  public var text: String

  /// A cue.
  public init(line: Int, start: Rational, end: Rational, frames: FrameRange, text: String) {
    self.line = line
    self.start = start
    self.end = end
    self.frames = frames
    self.text = text
  }
}

/// What a captions layer shows over a run of frames on which the same cues show: their words,
/// stacked in one text, set as a text layer is.
public struct CaptionPagePlan: Codable, Sendable, Equatable {
  /// The output frames it shows on.
  public var frames: FrameRange
  /// The cues it shows (indices into `CaptionsPlan.cues`), top first.
  public var cues: [Int]
  /// Their words and emphasis, and how they are set and fit.
  public var text: TextPlan

  /// A page.
  public init(frames: FrameRange, cues: [Int], text: TextPlan) {
    self.frames = frames
    self.cues = cues
    self.text = text
  }
}

public import PlanValues
public import Timeline

/// A captions layer's word-timed transcript, cut into pages: each page typeset once, each word's
/// boxes on it recorded, and each word's state (upcoming, active, spoken) on each frame given
/// by the frame rule below, so that the renderer only draws what the plan decided.
///
/// With `t = k / fps − start` on output frame `k` and word `i` timed `[sᵢ, eᵢ)`: a page shows
/// from its first word's `s − lead` to its last word's `e + linger` (or the next page's first
/// `s − lead`, whichever is first). Word `i` is active from `sᵢ − lead` until the next word's
/// `s − lead` (a page's last word: until the page ends), upcoming before, spoken after.
public struct WordCaptionsPlan: Codable, Sendable, Equatable {
  /// The pages in frame order; frames without one show nothing.
  public var pages: [WordPagePlan]
  /// How a word looks before it is said.
  public var upcoming: WordStylePlan
  /// How the word being said looks.
  public var active: WordStylePlan
  /// How a word looks once said.
  public var spoken: WordStylePlan
  /// The active word's entrance, if any.
  public var pop: WordPopPlan?

  /// A plan.
  public init(
    pages: [WordPagePlan], upcoming: WordStylePlan, active: WordStylePlan,
    spoken: WordStylePlan, pop: WordPopPlan?
  ) {
    self.pages = pages
    self.upcoming = upcoming
    self.active = active
    self.spoken = spoken
    self.pop = pop
  }

  /// The page shown on output frame `k`, if any, by bisection.
  public func page(atFrame k: Int64) -> WordPagePlan? {
    pages.element(atFrame: k, frames: \.frames)
  }
}

/// One page: a few words shown together, typeset once as a text.
public struct WordPagePlan: Codable, Sendable, Equatable {
  /// The output frames it shows on.
  public var frames: FrameRange
  /// Its words joined as they are set, with how they fit the box.
  public var text: TextPlan
  /// Its words in order.
  public var words: [WordPlan]

  /// A page.
  public init(frames: FrameRange, text: TextPlan, words: [WordPlan]) {
    self.frames = frames
    self.text = text
    self.words = words
  }

  /// Word `index`'s state on frame `k`.
  public func state(ofWord index: Int, atFrame k: Int64) -> WordState {
    let word = words[index]
    if word.activeFrames.count > 0, word.activeFrames.contains(k) { return .active }
    return k < word.activeFrames.first ? .upcoming : .spoken
  }
}

/// A word's state on a frame.
public enum WordState: String, Codable, Sendable, Equatable, CaseIterable {
  /// Still to be said.
  case upcoming
  /// Being said.
  case active
  /// Said.
  case spoken
}

/// One word of a page.
public struct WordPlan: Codable, Sendable, Equatable {
  /// The word as shown.
  public var text: String
  /// Its line in the transcript.
  public var line: Int
  /// When it is said, on the transcript's clock.
  public var start: Rational
  /// When it ends there (exclusive).
  public var end: Rational
  /// When it turns active on the output's clock (`start + s − lead`): where its pop begins.
  public var activeFrom: Rational
  /// The output frames it is active on; none when it falls between two frames.
  public var activeFrames: FrameRange
  /// Its bytes in the page's text.
  public var bytes: Range<Int>
  /// Where it lies in the page's picture, one box per line it is on.
  public var boxes: [WordBox]

  /// A word.
  public init(
    text: String, line: Int, start: Rational, end: Rational, activeFrom: Rational,
    activeFrames: FrameRange, bytes: Range<Int>, boxes: [WordBox]
  ) {
    self.text = text
    self.line = line
    self.start = start
    self.end = end
    self.activeFrom = activeFrom
    self.activeFrames = activeFrames
    self.bytes = bytes
    self.boxes = boxes
  }
}

/// How a word looks in one state, every key resolved (unset ones from the layer's own).
public struct WordStylePlan: Codable, Sendable, Equatable {
  /// The glyphs' colour.
  public var color: RGBAColor
  /// The pill behind the word, if any.
  public var background: RGBAColor?
  /// How far the pill reaches past the word's box, in pixels.
  public var padding: Int
  /// The pill's corner radius, in pixels; `nil`: a third of the pill's height.
  public var cornerRadius: Double?
  /// The glyphs' stroke, if any.
  public var outline: OutlinePlan?
  /// 0 … 1.
  public var opacity: Double
  /// Its size around its centre.
  public var scale: Double

  /// A style.
  public init(
    color: RGBAColor, background: RGBAColor?, padding: Int, cornerRadius: Double?,
    outline: OutlinePlan?, opacity: Double, scale: Double
  ) {
    self.color = color
    self.background = background
    self.padding = padding
    self.cornerRadius = cornerRadius
    self.outline = outline
    self.opacity = opacity
    self.scale = scale
  }
}

/// The active word's entrance: from `scale` to its style's over `duration`.
public struct WordPopPlan: Codable, Sendable, Equatable {
  /// The size it starts at.
  public var scale: Double
  /// How long it grows, in seconds.
  public var duration: Rational
  /// The curve.
  public var ease: Easing

  /// A pop.
  public init(scale: Double, duration: Rational, ease: Easing) {
    self.scale = scale
    self.duration = duration
    self.ease = ease
  }
}

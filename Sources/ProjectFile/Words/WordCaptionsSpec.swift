public import Diagnostics
public import PlanValues
public import Timeline

/// The `words:` block of a `captions` layer: how a word-timed transcript is cut into pages, and
/// how each word looks while it is still to come, being said, and said.
public struct WordCaptionsSpec: Sendable {
  /// Where the block is written.
  public var location: SourceLocation
  /// At most this many words on a page.
  public var perPage: Located<Int>
  /// A gap between words at least this long starts a new page; `nil`: gaps never do.
  public var breakOnSilence: Located<TimeValue>?
  /// Whether `.`, `!`, `?` (and their forms in other scripts) end a page.
  public var breakOnPunctuation: Located<Bool>
  /// How long a page stays after its last word ends (never past the next page's start).
  public var linger: Located<TimeValue>
  /// How early words turn active.
  public var lead: Located<TimeValue>
  /// At most this many lines a page may need in the box at the layer's font size; `nil`: the
  /// layer's `max_lines`, or 2.
  public var maxLines: Located<Int>?
  /// How a word looks before it is said.
  public var upcoming: WordStyleSpec
  /// How the word being said looks.
  public var active: WordStyleSpec
  /// How a word looks once said.
  public var spoken: WordStyleSpec
  /// The active word's entrance, if any.
  public var pop: WordPopSpec?
}

/// `upcoming:`, `active:` or `spoken:`: each key unset falls back to the layer's own.
public struct WordStyleSpec: Sendable {
  /// The glyphs' colour.
  public var color: Located<RGBAColor>?
  /// A rounded pill behind the word.
  public var background: Located<RGBAColor>?
  /// How far the pill reaches past the word, in pixels.
  public var padding: Located<Int>?
  /// The pill's corner radius in pixels.
  public var cornerRadius: Located<Double>?
  /// A stroke around the glyphs.
  public var outline: OutlineSpec?
  /// 0 … 1.
  public var opacity: Located<Double>?
  /// The word's size around its centre; the page's layout never moves.
  public var scale: Located<Double>?

  /// A style with nothing set.
  public static let unset = WordStyleSpec()
}

/// `pop:`: the active word grows (or shrinks) from `scale` to its own over `duration`.
public struct WordPopSpec: Sendable {
  /// Where the block is written.
  public var location: SourceLocation
  /// The size the word starts at when it turns active.
  public var scale: Located<Double>
  /// How long it takes to reach its style's `scale`.
  public var duration: Located<TimeValue>
  /// The curve it follows.
  public var ease: Located<Easing>
}

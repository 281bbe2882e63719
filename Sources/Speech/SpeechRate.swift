/// How fast speech is spoken, relative to espeak-ng's default of 175 words per minute: checked
/// once, where it is made, so every synthesis gets a rate the engine accepts.
public struct SpeechRate: Sendable, Equatable, Hashable {
  /// The slowest rate: 0.5, about 88 words per minute.
  public static let slowest = 0.5
  /// The fastest rate: 2, 350 words per minute.
  public static let fastest = 2.0
  /// espeak-ng's own rate (`espeakRATE_NORMAL`), which 1 means.
  public static let defaultWordsPerMinute = 175

  /// The rate as given: 1 is the default.
  public let value: Double

  /// The default rate, 1.
  public static let normal = SpeechRate(checked: 1)

  /// A rate from 0.5 to 2; anything else (NaN, infinity, 0, negative) throws.
  public init(_ value: Double) throws(SpeechError) {
    guard value.isFinite, value >= Self.slowest, value <= Self.fastest else {
      throw .invalidRate(value)
    }
    self.value = value
  }

  private init(checked value: Double) { self.value = value }

  /// The words per minute espeak-ng is set to: 88 to 350, inside its own 80 to 450.
  public var wordsPerMinute: Int {
    Int((Double(Self.defaultWordsPerMinute) * value).rounded())
  }
}

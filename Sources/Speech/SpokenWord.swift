/// One word of synthesized speech: its text as written, and where it is heard in the samples.
public struct SpokenWord: Sendable, Equatable {
  /// The word as written in the text, punctuation attached ("pizza."), never empty and
  /// without white space at either end; words the engine reads as one sound ("3.5") or that
  /// start on the same sample are joined by a space.
  public var text: String
  /// The first sample of the word (at the speech's sample rate).
  public var startSample: Int
  /// The sample after its last (exclusive), always after `startSample`: where the next word
  /// starts, or earlier where silence comes first (a pause between sentences, the end).
  public var endSample: Int

  /// A word.
  public init(text: String, startSample: Int, endSample: Int) {
    self.text = text
    self.startSample = startSample
    self.endSample = endSample
  }
}

import Foundation
import Timeline

/// The `words.json` of a cache entry: the WAV's size in bytes (how a damaged entry is told
/// without reading the WAV), the speech's exact length and its words, times written as exact
/// fractions of a second (`"441/22050"`), since milliseconds would round them.
struct SpeechWordsFile: Codable, Equatable {
  var wavBytes: Int
  var length: Rational
  var words: [SpeechWord]

  init(_ content: SpeechContent, wavBytes: Int) {
    self.wavBytes = wavBytes
    length = content.length
    words = content.words
  }

  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// The longest speech an entry may hold, in seconds: the longest time chromake reads.
  static let longestSeconds: Int64 = 100_000
  /// The largest denominator a time may have: finer than any sample clock, and small enough
  /// that sums of such times never leave 128 bits.
  static let largestDenominator: Int128 = 1 << 40

  /// The entry's content if the file is whole and sane: a length of zero up to
  /// `longestSeconds`, times on a clock no finer than `largestDenominator`, words in order
  /// inside it. Anything else is a damaged entry (a hand edit's huge fraction must not reach
  /// the planner's sums).
  static func decoded(_ data: Data) -> (content: SpeechContent, wavBytes: Int)? {
    guard let file = try? JSONDecoder().decode(SpeechWordsFile.self, from: data),
      sane(file.length), file.wavBytes >= 0
    else { return nil }
    var previous: Rational?
    for word in file.words {
      guard sane(word.start), sane(word.end), word.end > word.start, word.end <= file.length,
        previous.map({ $0 < word.start }) ?? true
      else { return nil }
      previous = word.start
    }
    return (SpeechContent(length: file.length, words: file.words), file.wavBytes)
  }

  private static func sane(_ time: Rational) -> Bool {
    time >= .zero && time <= Rational(longestSeconds) && time.denominator <= largestDenominator
  }
}

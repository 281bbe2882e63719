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

  /// The entry's content if the file is whole and sane: a length of zero or more, words in
  /// order inside it. Anything else is a damaged entry.
  static func decoded(_ data: Data) -> (content: SpeechContent, wavBytes: Int)? {
    guard let file = try? JSONDecoder().decode(SpeechWordsFile.self, from: data),
      file.length >= .zero, file.wavBytes >= 0
    else { return nil }
    var previous: Rational?
    for word in file.words {
      guard word.start >= .zero, word.end > word.start, word.end <= file.length,
        previous.map({ $0 < word.start }) ?? true
      else { return nil }
      previous = word.start
    }
    return (SpeechContent(length: file.length, words: file.words), file.wavBytes)
  }
}

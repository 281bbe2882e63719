import Foundation

/// The `words.json` of a cache entry: the speech's sample rate, its length in samples and its
/// words, in samples (exact, unlike milliseconds).
struct SpeechWordsFile: Codable, Equatable {
  struct Word: Codable, Equatable {
    var text: String
    var start: Int
    var end: Int
  }

  var sampleRate: Int
  var sampleCount: Int
  var words: [Word]

  init(_ speech: SynthesizedSpeech) {
    sampleRate = speech.sampleRate
    sampleCount = speech.samples.count
    words = speech.words.map { Word(text: $0.text, start: $0.startSample, end: $0.endSample) }
  }

  var spokenWords: [SpokenWord] {
    words.map { SpokenWord(text: $0.text, startSample: $0.start, endSample: $0.end) }
  }

  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// The file's words if they are whole and sane: a positive rate, words in order inside the
  /// samples. Anything else is a damaged entry.
  static func decoded(_ data: Data) -> SpeechWordsFile? {
    guard let file = try? JSONDecoder().decode(SpeechWordsFile.self, from: data),
      file.sampleRate > 0, file.sampleCount >= 0
    else { return nil }
    var previous = -1
    for word in file.words {
      guard word.start > previous, word.end > word.start, word.end <= file.sampleCount else {
        return nil
      }
      previous = word.start
    }
    return file
  }
}

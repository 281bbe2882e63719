import Foundation
import Speech
import Testing

/// The words espeak-ng reports, turned into the words of the text as written, with their
/// spans of samples.
@Suite struct WordTimingTests {
  /// Checks the words of `text`: one per run of non-space characters, in order, as written,
  /// starts strictly increasing, each a non-empty span inside the samples.
  static func checkWords(of text: String, voice: String = "en-us") throws -> SynthesizedSpeech {
    let speech = try SpeechSynthesizer.synthesize(text, voice: voice)
    let written = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    #expect(speech.words.map(\.text) == written)
    var previousStart = -1
    for word in speech.words {
      #expect(word.startSample > previousStart, "\(word)")
      #expect(word.startSample < word.endSample, "\(word)")
      #expect(word.endSample <= speech.samples.count, "\(word)")
      previousStart = word.startSample
    }
    return speech
  }

  @Test func everyWordOfASentenceInOrder() throws {
    _ = try Self.checkWords(of: "Order a large pizza tonight, and get a second one free.")
  }

  @Test func wordsWithAccentsKeepTheirText() throws {
    // espeak-ng counts positions in characters, not bytes: ï and é are two bytes each, so a
    // byte count would cut "café" and the words after it.
    let speech = try Self.checkWords(of: "A naïve café serves crème brûlée.")
    #expect(speech.words[1].text == "naïve")
    #expect(speech.words[2].text == "café")
    #expect(speech.words[5].text == "brûlée.")
  }

  @Test func aWordReadWithTheOneBeforeJoinsIt() throws {
    // espeak-ng reads "à la" as one word, with one event: "la" stays in the text, with "à".
    let speech = try SpeechSynthesizer.synthesize("Served à la carte.", voice: "en-us")
    #expect(speech.words.map(\.text) == ["Served", "à la", "carte."])
  }

  @Test func otherScriptsAndPunctuation() throws {
    _ = try Self.checkWords(of: "Привет, мир! Как дела?", voice: "ru")
    _ = try Self.checkWords(of: "  \"Hello,\"  she said  twice.\n\nThen:   goodbye! ")
  }

  @Test func aNumberReadAsSeveralWordsIsOneWord() throws {
    let speech = try SpeechSynthesizer.synthesize("It costs 3.5 dollars", voice: "en-us")
    #expect(speech.words.map(\.text) == ["It", "costs", "3.5", "dollars"])
  }

  @Test func wordsAreLoudAndPausesBetweenSentencesAreQuiet() throws {
    let speech = try Self.checkWords(
      of: "This is the first sentence. Here comes the second one. And the third.")
    var inside: [Int16] = []
    var gaps: [Range<Int>] = []
    for (index, word) in speech.words.enumerated() {
      inside += speech.samples[word.startSample..<word.endSample]
      if word.text.hasSuffix("."), index + 1 < speech.words.count {
        gaps.append(word.endSample..<speech.words[index + 1].startSample)
      }
    }
    // Two pauses between the three sentences, each a tenth of a second or more.
    #expect(gaps.count == 2)
    let speechRMS = Self.rms(inside[...])
    #expect(speechRMS > 1_000, "speech RMS \(speechRMS)")
    for gap in gaps {
      #expect(gap.count >= speech.sampleRate / 10, "\(gap)")
      let pauseRMS = Self.rms(speech.samples[gap])
      #expect(pauseRMS * 100 < speechRMS, "pause RMS \(pauseRMS), speech RMS \(speechRMS)")
    }
    // The last word ends where its sound does, before espeak-ng's closing pause.
    let last = try #require(speech.words.last)
    #expect(last.endSample < speech.samples.count)
    #expect(speech.samples[last.endSample...].allSatisfy { abs(Int($0)) <= 16 })
  }

  static func rms(_ samples: ArraySlice<Int16>) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(samples.count)).squareRoot()
  }
}

import Foundation
import Speech
import TestSupport
import Testing

/// The same text, voice and rate make the same words and length, whatever was spoken before
/// and whatever other threads speak at the same time (the library's one lock). Samples are not
/// compared byte for byte: espeak-ng 1.51 carries its wave generator's phase from one
/// synthesis to the next (see `SpeechSynthesizer`), so they differ slightly with what was
/// spoken before.
@Suite struct DeterminismTests {
  static let texts = [
    "The first voice-over, read twice.", "Une autre phrase, en français.",
    "A third one, quite a bit longer than the others, with a number: 1999.",
  ]
  static let voices = ["en-us", "fr", "de"]

  /// Whether `speech` is `reference` again: the same words, and the same length and word starts
  /// within 2 % (a race on the library's global state would speak another text or voice).
  static func isSame(_ speech: SynthesizedSpeech, as reference: SynthesizedSpeech) -> Bool {
    func near(_ a: Int, _ b: Int) -> Bool { abs(a - b) <= max(b, 1_000) / 50 }
    return speech.words.map(\.text) == reference.words.map(\.text)
      && near(speech.samples.count, reference.samples.count)
      && zip(speech.words, reference.words).allSatisfy { near($0.startSample, $1.startSample) }
  }

  @Test func theSameInputMakesTheSameWordsAndLength() throws {
    let first = try SpeechSynthesizer.synthesize(Self.texts[0], voice: "en-us")
    // Another voice and rate in between: the library's global settings must not leak.
    let french = try SpeechSynthesizer.synthesize(Self.texts[1], voice: "fr", rate: SpeechRate(2))
    let second = try SpeechSynthesizer.synthesize(Self.texts[0], voice: "en-us")
    #expect(Self.isSame(second, as: first))
    #expect(first.words.count == 5)
    // The rate set for the French text did not stay: at twice the speed it would be far shorter.
    #expect(french.samples.count < second.samples.count)
  }

  @Test(.tags(.slow)) func threadsAtOnceGetWhatEachGetsAlone() async throws {
    var alone: [SynthesizedSpeech] = []
    for index in Self.texts.indices {
      alone.append(try SpeechSynthesizer.synthesize(Self.texts[index], voice: Self.voices[index]))
    }
    let together = try await withThrowingTaskGroup(of: (Int, SynthesizedSpeech).self) { group in
      for _ in 0..<4 {
        for index in Self.texts.indices {
          group.addTask {
            (index, try SpeechSynthesizer.synthesize(Self.texts[index], voice: Self.voices[index]))
          }
        }
      }
      var results: [(Int, SynthesizedSpeech)] = []
      for try await result in group { results.append(result) }
      return results
    }
    #expect(together.count == 12)
    for (index, speech) in together {
      #expect(Self.isSame(speech, as: alone[index]), "text \(index)")
    }
  }
}

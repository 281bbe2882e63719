import Foundation
import Speech
import TestSupport
import Testing

/// The same text, voice and rate make the same samples, whatever was spoken before and
/// whatever other threads speak at the same time (the library's one lock).
@Suite struct DeterminismTests {
  static let texts = [
    "The first voice-over, read twice.", "Une autre phrase, en français.",
    "A third one, quite a bit longer than the others, with a number: 1999.",
  ]
  static let voices = ["en-us", "fr", "en-gb"]

  @Test func theSameInputMakesTheSameBytes() throws {
    let first = try SpeechSynthesizer.synthesize(Self.texts[0], voice: "en-us")
    // Another voice and rate in between: the library's global settings must not leak.
    _ = try SpeechSynthesizer.synthesize(Self.texts[1], voice: "fr", rate: SpeechRate(1.7))
    let second = try SpeechSynthesizer.synthesize(Self.texts[0], voice: "en-us")
    #expect(first.wavData() == second.wavData())
    #expect(first.words == second.words)
    #expect(!first.samples.isEmpty)
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
            return (
              index, try SpeechSynthesizer.synthesize(Self.texts[index], voice: Self.voices[index])
            )
          }
        }
      }
      var results: [(Int, SynthesizedSpeech)] = []
      for try await result in group { results.append(result) }
      return results
    }
    #expect(together.count == 12)
    for (index, speech) in together {
      #expect(speech == alone[index], "text \(index)")
    }
  }
}

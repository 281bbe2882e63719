import Foundation
import Speech
import TestSupport
import Testing

/// What the synthesizer refuses, and what it makes of odd but allowed text: each a clear error
/// or a result, never a crash or unbounded work.
@Suite struct ArgumentTests {
  @Test func anUnknownVoiceNamesSomeThatExist() throws {
    let error = #expect(throws: SpeechError.self) {
      try SpeechSynthesizer.synthesize("Hello", voice: "en-nowhere")
    }
    guard case .unknownVoice(let name, let known, let installed) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(name == "en-nowhere" && installed > 50)
    #expect(known.contains("en-us") && known.allSatisfy { $0 == "en" || $0.hasPrefix("en-") })
    let message = "\(SpeechError.unknownVoice(name, known: known, installed: installed))"
    #expect(message.contains("'en-nowhere'") && message.contains("en-us"), "\(message)")
    let voices = try SpeechSynthesizer.voices()
    #expect(voices.contains("en-us") && voices.contains("en-gb") && voices.contains("fr"))
    // en-gb is a language, not a voice file's name: chosen by its language, as the command does.
    let british = try SpeechSynthesizer.synthesize("Hello", voice: "en-gb")
    #expect(british.words.map(\.text) == ["Hello"])
  }

  @Test func aVoiceWithAVariant() throws {
    // espeak-ng's "+variant" (f3: a woman's voice): the same words, other sound.
    let plain = try SpeechSynthesizer.synthesize("Hello there", voice: "en-us")
    let variant = try SpeechSynthesizer.synthesize("Hello there", voice: "en-us+f3")
    #expect(variant.words.map(\.text) == ["Hello", "there"])
    #expect(variant.samples.count != plain.samples.count || variant.samples != plain.samples)
    #expect(throws: SpeechError.self) {
      try SpeechSynthesizer.synthesize("Hello", voice: "en-us+nosuchvariant")
    }
  }

  @Test func voiceNamesThatAreNoNames() {
    for name in ["", "../../etc/passwd", "en us", "en\0us", String(repeating: "a", count: 65)] {
      #expect(throws: SpeechError.invalidVoiceName(name)) {
        try SpeechSynthesizer.synthesize("Hello", voice: name)
      }
    }
  }

  @Test func emptyAndBlankTextHaveNoWords() throws {
    for text in ["", "   ", "\n\t\r\n"] {
      let speech = try SpeechSynthesizer.synthesize(text, voice: "en-us")
      #expect(speech.words.isEmpty, "\(text.debugDescription): \(speech.words)")
    }
  }

  @Test func ratesOutsideTheRangeAreRefused() {
    for rate in [0, 0.49, 2.01, -1, .nan, .infinity, -.infinity, 1e300] {
      #expect(throws: SpeechError.self, "\(rate)") { try SpeechRate(rate) }
    }
    #expect((try? SpeechRate(1))?.wordsPerMinute == 175)
    #expect((try? SpeechRate(0.5))?.wordsPerMinute == 88)
    #expect((try? SpeechRate(2))?.wordsPerMinute == 350)
  }

  @Test func controlCharactersAndNULAreRefusedWithTheirPlace() {
    #expect(throws: SpeechError.controlCharacter(scalar: 0, offset: 5)) {
      try SpeechSynthesizer.synthesize("Hello\0world", voice: "en-us")
    }
    #expect(throws: SpeechError.controlCharacter(scalar: 0x1B, offset: 2)) {
      try SpeechSynthesizer.synthesize("é \u{1B}[31m", voice: "en-us")
    }
    #expect(throws: SpeechError.controlCharacter(scalar: 0x85, offset: 0)) {
      try SpeechSynthesizer.synthesize("\u{85}", voice: "en-us")
    }
    let message = "\(SpeechError.controlCharacter(scalar: 0, offset: 5))"
    #expect(message.contains("U+0000") && message.contains("character 6"), "\(message)")
  }

  @Test func textOverTheLimitIsRefusedBeforeSynthesis() {
    let text = String(repeating: "word ", count: 100_000 / 5)
    #expect(throws: SpeechError.textTooLong(bytes: 100_000, limit: SpeechLimits.maximumTextBytes)) {
      try SpeechSynthesizer.synthesize(text, voice: "en-us")
    }
  }

  @Test func markupIsReadAsText() throws {
    // No SSML and no phoneme input: angle brackets and espeak-ng's [[phonemes]] are text.
    let text = "<speak>Hi [[h@l'oU]] there</speak>"
    let speech = try SpeechSynthesizer.synthesize(text, voice: "en-us")
    #expect(!speech.words.isEmpty)
    #expect(speech.words.map(\.text).joined(separator: " ").contains("there"))
  }

  @Test(.tags(.slow)) func textReadOutFarLongerThanItsSizeIsStopped() {
    // 9,999 ones, 19,997 bytes: under the text limit, but read one by one they last some
    // 2,000 seconds, past the limit on speech, so synthesis stops at 1,800 s of samples.
    let text = Array(repeating: "1", count: 9_999).joined(separator: " ")
    #expect(throws: SpeechError.speechTooLong(limitSeconds: SpeechLimits.maximumSeconds)) {
      try SpeechSynthesizer.synthesize(text, voice: "en-us")
    }
  }

  @Test(.tags(.slow)) func theLongestTextHasAllItsWords() throws {
    let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
    var text = ""
    for index in 0... {
      let next = (text.isEmpty ? "" : " ") + words[index * 7 % words.count]
      guard text.utf8.count + next.utf8.count <= SpeechLimits.maximumTextBytes else { break }
      text += next
    }
    let speech = try SpeechSynthesizer.synthesize(text, voice: "en-us")
    #expect(speech.words.map(\.text) == text.split(separator: " ").map(String.init))
    #expect(speech.samples.count < SpeechLimits.maximumSeconds * speech.sampleRate)
  }
}

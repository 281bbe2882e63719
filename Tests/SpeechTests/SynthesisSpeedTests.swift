import Foundation
import Speech
import TestSupport
import Testing

/// What synthesis costs: seconds of speech per second of this thread's processor time, for a
/// voice-over script of 30 words.
@Suite struct SynthesisSpeedTests {
  static let script = """
    Tonight only, every large pizza comes with a second one free. Order online or call us, \
    and your dinner arrives hot in thirty minutes, or the next one is free.
    """

  @Test(.tags(.slow)) func aThirtyWordScriptIsFasterThanItsOwnLength() throws {
    #expect(Self.script.split(separator: " ").count == 30)
    _ = try SpeechSynthesizer.synthesize("Warm up.", voice: "en-us")
    let (speech, cpu) = try ThreadCPUTime.measure {
      try SpeechSynthesizer.synthesize(Self.script, voice: "en-us")
    }
    let seconds = Double(speech.samples.count) / Double(speech.sampleRate)
    print("speech: \(seconds) s of speech in \(cpu) s of CPU, \(seconds / cpu)× real time")
    #expect(speech.words.map(\.text).joined(separator: " ") == Self.script)
    // A bound on the work, not the clock: espeak-ng makes speech many times faster than it
    // plays, and processor time does not grow when the machine is busy.
    #expect(cpu < seconds, "\(cpu) s of CPU for \(seconds) s of speech")
  }
}

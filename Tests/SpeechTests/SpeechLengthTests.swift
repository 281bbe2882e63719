import Foundation
import Speech
import TestSupport
import Testing

/// The speech's length against the `espeak-ng` command's own synthesis of the same text, voice
/// and rate, measured by ffprobe from the command's WAV file: an independent judge.
@Suite struct SpeechLengthTests {
  static let sentence = "The quick brown fox jumps over the lazy dog, and then it runs away."

  /// Seconds of sound in the WAV file at `path`, as ffprobe counts its samples.
  static func probedSeconds(_ path: String) throws -> Double {
    let fields = try FFmpegCommand.ffprobe([
      "-show_entries", "stream=duration_ts,sample_rate", "-of", "default=nw=1:nk=1", path,
    ]).split(separator: "\n").compactMap { Double($0) }
    try #require(fields.count == 2, "ffprobe printed \(fields)")
    return fields[1] / fields[0]
  }

  @Test(.tags(.slow), arguments: [(1.0, 175), (0.5, 88), (2.0, 350)])
  func aSentenceLastsAsLongAsTheCommandSaysIt(rate: Double, wordsPerMinute: Int) throws {
    let speech = try SpeechSynthesizer.synthesize(
      Self.sentence, voice: "en-us", rate: SpeechRate(rate))
    let ours = Double(speech.samples.count) / Double(speech.sampleRate)
    try withScratchFolder { folder in
      let wav = folder.path("command.wav")
      let run = try ToolRun.run(
        tool: "espeak-ng", ["-v", "en-us", "-s", "\(wordsPerMinute)", "-w", wav, Self.sentence])
      try #require(run.status == 0, "espeak-ng: \(run.stderr)")
      let theirs = try Self.probedSeconds(wav)
      print("speech: rate \(rate): ours \(ours) s, the espeak-ng command's \(theirs) s")
      #expect(theirs > 1, "the command's speech is \(theirs) s")
      #expect(abs(ours - theirs) <= 0.1 * theirs, "ours \(ours) s, the command's \(theirs) s")
    }
  }

  @Test func aFasterRateIsShorter() throws {
    let slow = try SpeechSynthesizer.synthesize(
      Self.sentence, voice: "en-us", rate: SpeechRate(0.5))
    let fast = try SpeechSynthesizer.synthesize(Self.sentence, voice: "en-us", rate: SpeechRate(2))
    #expect(slow.samples.count > 2 * fast.samples.count)
    #expect(slow.sampleRate == 22_050)
  }
}

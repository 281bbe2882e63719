import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `output.audio.loudness` and `true_peak`, judged after the ffmpeg command decodes the AAC:
/// pyloudnorm for the integrated loudness, ffmpeg's `ebur128` for the true peak.
@Suite("chromake render: loudness targets with a true-peak ceiling", .tags(.endToEnd))
struct RenderLoudnessTests {
  /// Stereo music-like sound: tones with a slow swell and a bright partial near 11 kHz, whose
  /// crests fall between samples. `scale` sets the level: 1 is about −3 LUFS, 0.03 about −34.
  static func music(scale: Double) -> String {
    func s(_ a: Double) -> String { String(a * scale) }
    return "aevalsrc='\(s(0.55))*sin(2*PI*220*t)*(0.7+0.3*sin(2*PI*0.5*t))"
      + "+\(s(0.35))*sin(2*PI*11000*t+0.785)|\(s(0.5))*sin(2*PI*330*t)+\(s(0.4))*sin(2*PI*5000*t)'"
      + ":s=48000:d=2"
  }

  /// A quiet bed under loud decaying hits, the first at the very start: to reach −14 LUFS the
  /// hits must be limited, and AAC puts the first one back over a plain limiter's ceiling.
  static let hits =
    "aevalsrc='0.12*sin(2*PI*180*t)+0.8*exp(-30*mod(t,0.5))*sin(2*PI*120*t)"
    + "|0.12*sin(2*PI*240*t)+0.8*exp(-30*mod(t,0.5))*sin(2*PI*120*t)':s=48000:d=2"

  /// Renders `sound` (an ffmpeg source) under a small picture with `audio` settings; returns
  /// the movie's path and the run.
  static func render(
    sound: String, audio: String, in folder: ScratchFolder, name: String = "out"
  ) throws -> (movie: String, run: ToolRun) {
    try FFmpegCommand.ffmpeg(
      ["-f", "lavfi", "-i", sound, "-c:a", "aac", "-b:a", "256k", folder.path("\(name).m4a")])
    let project = try SoundProject.write(["\(name).m4a"], audio: audio, in: folder, name: name)
    let run = try ChromakeBinary.run(["render", project, "--progress", "none"])
    return (folder.path("\(name).mp4"), run)
  }

  /// The gain the render reports on standard error, in dB.
  static func reportedGain(_ stderr: String) -> Double? {
    guard let range = stderr.range(of: "gain ") else { return nil }
    return Double(stderr[range.upperBound...].prefix { "+-.0123456789".contains($0) })
  }

  /// The true peak after AAC the render reports, in dBTP.
  static func reportedTruePeak(_ stderr: String) -> Double? {
    guard let range = stderr.range(of: "true peak ") else { return nil }
    return Double(stderr[range.upperBound...].prefix { "+-.0123456789".contains($0) })
  }

  struct Case: Sendable, CustomStringConvertible {
    var input: String
    var sound: String
    var target: Double
    var description: String { "\(input) to \(target) LUFS" }
  }

  static let cases: [Case] = [
    Case(input: "loud music", sound: music(scale: 1), target: -23),
    Case(input: "loud music", sound: music(scale: 1), target: -14),
    Case(input: "quiet music", sound: music(scale: 0.03), target: -23),
    Case(input: "quiet music", sound: music(scale: 0.03), target: -14),
    Case(input: "hits that must be limited", sound: hits, target: -14),
  ]

  @Test(
    "brought to the target within 0.5 LU, true peak at most -1 dBTP + 0.5 after AAC",
    arguments: cases)
  func reachesTheTarget(_ test: Case) throws {
    try withScratchFolder { folder in
      let (movie, run) = try Self.render(
        sound: test.sound, audio: "{ loudness: \(Int(test.target)) }", in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.contains("loudness: mix "), "the render reports what it measured")
      let loudness = try #require(try SoundJudge.integratedLoudness(movie))
      #expect(abs(loudness - test.target) <= 0.5, "pyloudnorm reads \(loudness) LUFS")
      let peak = try SoundJudge.truePeak(movie)
      #expect(peak <= -1 + 0.5, "ffmpeg reads a true peak of \(peak) dBTP")
      // The render's own AAC round trip heard what the file holds.
      let reported = try #require(Self.reportedTruePeak(run.stderr), "\(run.stderr)")
      #expect(abs(reported - peak) <= 0.15, "reported \(reported) dBTP, ffmpeg \(peak) dBTP")
    }
  }

  @Test("a mix already at the target is changed by less than 0.1 dB")
  func alreadyAtTheTarget() throws {
    try withScratchFolder { folder in
      let (first, run) = try Self.render(
        sound: Self.music(scale: 1), audio: "{ loudness: ebu-r128 }", in: folder, name: "first")
      try #require(run.status == 0, "\(run.stderr)")
      // The first render's sound, as it is, becomes the second's input.
      let (second, again) = try Self.render(
        sound: "amovie=\(first)", audio: "{ loudness: -23 LUFS }", in: folder, name: "second")
      try #require(again.status == 0, "\(again.stderr)")
      let gain = try #require(Self.reportedGain(again.stderr), "\(again.stderr)")
      #expect(abs(gain) < 0.1, "second render applied \(gain) dB")
      let before = try #require(try SoundJudge.integratedLoudness(first))
      let after = try #require(try SoundJudge.integratedLoudness(second))
      #expect(abs(after - before) < 0.1, "\(before) LUFS became \(after) LUFS")
    }
  }

  @Test("a silent mix is a warning, not a failure, and is left silent")
  func silenceWarns() throws {
    try withScratchFolder { folder in
      let (movie, run) = try Self.render(
        sound: "anullsrc=r=48000:cl=stereo:d=2", audio: "{ loudness: streaming }", in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.contains("warning") && run.stderr.contains("silent"), "\(run.stderr)")
      #expect(try SoundJudge.integratedLoudness(movie) == nil)
    }
  }
}

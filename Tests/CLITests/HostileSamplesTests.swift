import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Float files holding what no microphone records: NaN, infinities, samples far past full
/// scale. `chromake loudness` and the render must read them, never fail or print a
/// non-finite number, and say what the written file measures.
@Suite("Hostile samples: NaN, infinities and huge floats in the audio path", .tags(.endToEnd))
struct HostileSamplesTests {
  /// A stereo 440 Hz sine at −20 dBFS, two seconds long, with a NaN, +∞ and −∞ in each
  /// channel when `poisoned`.
  static func sine(poisoned: Bool) -> [[Float]] {
    var left = FloatWAV.sine(hertz: 440, dBFS: -20, seconds: 2)
    var right = left
    if poisoned {
      left[1000] = .nan
      left[30000] = .infinity
      left[60000] = -.infinity
      right[1001] = .infinity
      right[50000] = .nan
      right[90000] = -.infinity
    }
    return [left, right]
  }

  /// Writes a project that renders `tracks` (WAV names in `folder`) under a small picture.
  static func project(
    _ tracks: [String], audio: String, in folder: ScratchFolder, name: String = "out"
  ) throws -> String {
    try SoundProject.write(tracks, audio: audio, in: folder, name: name)
  }

  /// `chromake loudness --json FILE`, parsed; the run must succeed and print valid JSON.
  static func loudness(_ path: String) throws -> [String: Any] {
    let run = try ChromakeBinary.run(["loudness", path, "--json"])
    try #require(run.status == 0, "\(run.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      "not JSON: \(run.stdout)")
  }

  @Test("NaN and infinite samples are silence: the render encodes, the mix reaches its target")
  func nonFiniteSamplesRender() throws {
    try withScratchFolder { folder in
      try FloatWAV.write(Self.sine(poisoned: true), to: folder.path("poisoned.wav"))
      let project = try Self.project(
        ["poisoned.wav"], audio: "{ loudness: -23 }", in: folder)
      let check = try ChromakeBinary.run(["check", project])
      #expect(check.status == 0, "\(check.stderr)")
      let run = try ChromakeBinary.run(["render", project, "--progress", "none"])
      try #require(run.status == 0, "\(run.stderr)")
      let measured = try #require(try SoundJudge.integratedLoudness(folder.path("out.mp4")))
      #expect(abs(measured - -23) <= 0.5, "pyloudnorm reads \(measured) LUFS")
    }
  }

  @Test("loudness reads NaN and infinite samples as silence, in text and in valid JSON")
  func nonFiniteSamplesMeasure() throws {
    try withScratchFolder { folder in
      try FloatWAV.write(Self.sine(poisoned: true), to: folder.path("poisoned.wav"))
      try FloatWAV.write(Self.sine(poisoned: false), to: folder.path("clean.wav"))
      let poisoned = try Self.loudness(folder.path("poisoned.wav"))
      let clean = try Self.loudness(folder.path("clean.wav"))
      let integrated = try #require(poisoned["integratedLUFS"] as? Double, "\(poisoned)")
      let reference = try #require(clean["integratedLUFS"] as? Double)
      // Six samples of silence in two seconds change nothing a meter can show.
      #expect(abs(integrated - reference) <= 0.01, "\(integrated) LUFS, clean \(reference)")
      // A sample dropped to 0 in a sine is a small step, which rings between the samples.
      let peak = try #require(poisoned["truePeakDBTP"] as? Double, "\(poisoned)")
      #expect(peak > -20.1 && peak < -18, "\(peak) dBTP")
      let text = try ChromakeBinary.run(["loudness", folder.path("poisoned.wav")])
      #expect(text.status == 0, "\(text.stderr)")
      #expect(!text.stdout.lowercased().contains("inf") && !text.stdout.contains("nan"))
    }
  }

  /// What the render's report says the output reads after AAC: a level, `.some(nil)` for
  /// "silent", nil when there is no report.
  static func reportedOutput(_ stderr: String) -> Double?? {
    guard let range = stderr.range(of: "after AAC ") else { return nil }
    let rest = stderr[range.upperBound...]
    if rest.hasPrefix("silent") { return .some(nil) }
    return Double(rest.prefix { "+-.0123456789".contains($0) }).map { .some($0) }
  }

  struct ExtremeCase: Sendable, CustomStringConvertible {
    var name: String
    /// Each track's channels.
    var tracks: @Sendable () -> [[[Float]]]
    var description: String { name }
  }

  static let seconds = 2 * 48000

  static let extremeCases: [ExtremeCase] = [
    ExtremeCase(name: "±3e38 alternating at half the sample rate, which AAC leaves out") {
      let x = (0..<seconds).map { $0 % 2 == 0 ? Float(3e38) : -3e38 }
      return [[x, x]]
    },
    ExtremeCase(name: "±3e38 noise, whose treble AAC leaves out") {
      var state: UInt64 = 0x5EED
      let x = (0..<seconds).map { _ -> Float in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 63 == 0 ? 3e38 : -3e38
      }
      return [[x, x.map { -$0 }]]
    },
    ExtremeCase(name: "two tracks of a ±3e38 1 kHz square, whose sum overflows a Float") {
      let x = (0..<seconds).map { ($0 / 24) % 2 == 0 ? Float(3e38) : -3e38 }
      return [[x, x], [x, x]]
    },
    ExtremeCase(name: "one full-scale click in silence, held by the ceiling") {
      var x = [Float](repeating: 0, count: seconds)
      x[seconds / 2] = 1
      return [[x, [Float](repeating: 0, count: seconds)]]
    },
  ]

  @Test(
    "the render's loudness report says what the written file measures (pyloudnorm)",
    arguments: extremeCases)
  func reportTellsTheTruth(_ test: ExtremeCase) throws {
    try withScratchFolder { folder in
      let tracks = test.tracks()
      for (index, channels) in tracks.enumerated() {
        try FloatWAV.write(channels, to: folder.path("track\(index).wav"))
      }
      let project = try Self.project(
        tracks.indices.map { "track\($0).wav" }, audio: "{ loudness: -23 }", in: folder)
      let run = try ChromakeBinary.run(["render", project, "--progress", "none"])
      try #require(run.status == 0, "\(run.stderr)")
      let reported = try #require(Self.reportedOutput(run.stderr), "\(run.stderr)")
      let measured = try SoundJudge.integratedLoudness(folder.path("out.mp4"))
      if let reported, let measured {
        #expect(abs(reported - measured) <= 0.15, "reported \(reported), pyloudnorm \(measured)")
        // Where the ceiling does not hold it back, the file reaches the target.
        if !run.stderr.contains("true-peak ceiling holds") {
          #expect(abs(measured - -23) <= 0.5, "pyloudnorm \(measured)")
        }
      } else {
        #expect(
          reported == nil && measured == nil,
          "reported \(String(describing: reported)), pyloudnorm \(String(describing: measured))")
        #expect(run.stderr.contains("AAC encoding is silent"), "\(run.stderr)")
      }
    }
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `chromake loudness` against the ffmpeg command's own EBU R128 meter (`ebur128`, with its
/// true-peak detection), which shares no code with ours.
@Suite("chromake loudness: integrated loudness, range and true peak", .tags(.endToEnd))
struct LoudnessCommandTests {
  @Test("a stereo AAC with speech-like bursts over a bed reads as ffmpeg's meter reads it")
  func againstFFmpeg() throws {
    try withScratchFolder { folder in
      let path = folder.path("mix.m4a")
      try FFmpegCommand.ffmpeg([
        "-f", "lavfi", "-i",
        "aevalsrc='0.3*sin(2*PI*220*t)*gt(sin(2*PI*0.7*t),0)+0.05*sin(2*PI*3000*t)|0.2*sin(2*PI*330*t)*gt(sin(2*PI*0.5*t),-0.2)+0.05*sin(2*PI*90*t)':s=48000:d=8",
        "-c:a", "aac", "-b:a", "192k", path,
      ])
      let run = try ChromakeBinary.run(["loudness", path, "--json"])
      try #require(run.status == 0, "\(run.stderr)")
      let ours = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      let theirs = try SoundJudge.ebur128(path)
      let integrated = try #require(ours["integratedLUFS"] as? Double)
      let range = try #require(ours["rangeLU"] as? Double)
      let peak = try #require(ours["truePeakDBTP"] as? Double)
      #expect(abs(integrated - theirs.integrated) <= 0.2, "ours \(integrated), ffmpeg \(theirs)")
      #expect(abs(range - theirs.range) <= 1, "ours \(range), ffmpeg \(theirs)")
      #expect(abs(peak - theirs.peak) <= 0.3, "ours \(peak), ffmpeg \(theirs)")
    }
  }

  struct LayoutCase: Sendable, CustomStringConvertible {
    var name: String
    var mask: UInt32?
    var levels: [Double]
    /// The reading BS.1770 gives this layout; ffmpeg's `ebur128` must agree where it knows
    /// the layout.
    var expected: Double
    var description: String { name }
  }

  static let layoutCases: [LayoutCase] = [
    // EBU Tech 3341 case 6: L, R −28, C −24, Ls, Rs −30 dBFS.
    LayoutCase(
      name: "5.0 (EBU Tech 3341 case 6)", mask: FloatWAV.Mask.fivePointZero,
      levels: [-28, -28, -24, -30, -30], expected: -23.0),
    LayoutCase(
      name: "5.0(side)", mask: FloatWAV.Mask.fivePointZeroSide,
      levels: [-28, -28, -24, -30, -30], expected: -23.0),
    // FL FR FC LFE BL BR SL SR: a loud LFE that must not count, four surrounds at +1.5 dB.
    LayoutCase(
      name: "7.1", mask: FloatWAV.Mask.sevenPointOne,
      levels: [-28, -28, -24, -10, -33, -33, -33, -33], expected: -23.02),
    // Six channels that are not 5.1 (FL FR FC BC SL SR): none of them is an LFE.
    LayoutCase(
      name: "6.0", mask: FloatWAV.Mask.sixPointZero, levels: [-28, -28, -24, -30, -30, -30],
      expected: -22.45),
  ]

  @Test(
    "each channel is weighted by its place in the layout, as ffmpeg's ebur128 weights it",
    arguments: layoutCases)
  func layouts(_ test: LayoutCase) throws {
    try withScratchFolder { folder in
      let path = folder.path("layout.wav")
      try FloatWAV.write(
        test.levels.map { FloatWAV.sine(dBFS: $0, seconds: 2) }, mask: test.mask, to: path)
      let run = try ChromakeBinary.run(["loudness", path, "--json"])
      try #require(run.status == 0, "\(run.stderr)")
      let ours = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      let integrated = try #require(ours["integratedLUFS"] as? Double)
      #expect(abs(integrated - test.expected) <= 0.1, "ours \(integrated)")
      let theirs = try SoundJudge.ebur128(path)
      #expect(abs(integrated - theirs.integrated) <= 0.1, "ours \(integrated), ffmpeg \(theirs)")
    }
  }

  @Test("a file that only counts its channels weighs each 1.0: none is taken for an LFE")
  func unorderedChannels() throws {
    try withScratchFolder { folder in
      // Six channels of a plain (not extensible) WAV; the fourth, loud, would be dropped if
      // it were read as 5.1's LFE.
      let path = folder.path("six.wav")
      let levels: [Double] = [-30, -30, -30, -20, -30, -30]
      try FloatWAV.write(levels.map { FloatWAV.sine(dBFS: $0, seconds: 2) }, to: path)
      let run = try ChromakeBinary.run(["loudness", path, "--json"])
      try #require(run.status == 0, "\(run.stderr)")
      let ours = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      let integrated = try #require(ours["integratedLUFS"] as? Double)
      let powers = levels.map { pow(10, $0 / 10) }.reduce(0, +)
      let expected = 10 * log10(powers / 2)
      #expect(abs(integrated - expected) <= 0.1, "ours \(integrated), expected \(expected)")
    }
  }

  @Test("a file without audio, or without the stream asked for, is an error naming it")
  func errors() throws {
    try withScratchFolder { folder in
      let path = folder.path("silent.mp4")
      try FFmpegCommand.ffmpeg(
        ["-f", "lavfi", "-i", "color=c=black:s=64x48:d=0.2", "-c:v", "libx264", path])
      let run = try ChromakeBinary.run(["loudness", path])
      #expect(run.status != 0)
      #expect(run.stderr.contains(path) && run.stderr.contains("no audio stream"), "\(run.stderr)")
      let missing = try ChromakeBinary.run(["loudness", folder.path("nothing.wav")])
      #expect(missing.status != 0 && missing.stderr.contains("nothing.wav"), "\(missing.stderr)")
    }
  }
}

import Foundation
import TestSupport
import Testing

/// `chromake loudness` against the ffmpeg command's own EBU R128 meter (`ebur128`, with its
/// true-peak detection), which shares no code with ours.
@Suite("chromake loudness: integrated loudness, range and true peak")
struct LoudnessCommandTests {
  /// ffmpeg's `ebur128` summary: integrated LUFS, LRA and true peak.
  static func reference(_ path: String) throws -> (integrated: Double, range: Double, peak: Double)
  {
    let run = try ToolRun.run(
      tool: "ffmpeg",
      ["-hide_banner", "-nostats", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-"])
    func value(after label: String) -> Double? {
      guard let range = run.stderr.range(of: label, options: .backwards) else { return nil }
      let rest = run.stderr[range.upperBound...].drop(while: { $0 == " " })
      return Double(rest.prefix(while: { $0 == "-" || $0 == "." || $0.isNumber }))
    }
    guard let i = value(after: "I:"), let lra = value(after: "LRA:"),
      let peak = value(after: "Peak:")
    else { throw ToolFailure(description: "no ebur128 summary:\n\(run.stderr)") }
    return (i, lra, peak)
  }

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
      let theirs = try Self.reference(path)
      let integrated = try #require(ours["integratedLUFS"] as? Double)
      let range = try #require(ours["rangeLU"] as? Double)
      let peak = try #require(ours["truePeakDBTP"] as? Double)
      #expect(abs(integrated - theirs.integrated) <= 0.2, "ours \(integrated), ffmpeg \(theirs)")
      #expect(abs(range - theirs.range) <= 1, "ours \(range), ffmpeg \(theirs)")
      #expect(abs(peak - theirs.peak) <= 0.3, "ours \(peak), ffmpeg \(theirs)")
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

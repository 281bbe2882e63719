import Foundation
import TestSupport

/// Measures a rendered movie's sound with tools that share no code with chromake: pyloudnorm
/// for integrated loudness, the ffmpeg command's `ebur128` for the true peak, and numpy for the
/// level of tones (`Tests/Measurements`).
public enum SoundJudge {
  public static let measurements = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Measurements")

  /// Integrated loudness in LUFS per pyloudnorm; nil for silence.
  public static func integratedLoudness(_ movie: String) throws -> Double? {
    let script = measurements.appendingPathComponent("loudness.py").path
    let run = try ToolRun.run(tool: "python3", [script, movie])
    guard run.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    else { throw ToolFailure(description: "loudness.py failed:\n\(run.stderr)") }
    return json["integrated"] as? Double
  }

  /// The true peak in dBTP per ffmpeg's `ebur128=peak=true`.
  public static func truePeak(_ movie: String) throws -> Double {
    try ebur128(movie).peak
  }

  /// The ffmpeg command's `ebur128` summary (with its true-peak detection): integrated LUFS,
  /// loudness range and true peak.
  public static func ebur128(_ path: String) throws -> (
    integrated: Double, range: Double, peak: Double
  ) {
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

  /// The level in dBFS of each of `hertz` in each span (seconds) of the sound, mixed to mono.
  public static func toneLevels(_ movie: String, hertz: [Int], spans: [(Double, Double)]) throws
    -> [[Int: Double]]
  {
    let script = measurements.appendingPathComponent("tone_levels.py").path
    let run = try ToolRun.run(
      tool: "python3",
      [script, movie, hertz.map(String.init).joined(separator: ",")]
        + spans.map { "\($0.0):\($0.1)" })
    guard run.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      let results = json["spans"] as? [[String: Any]]
    else { throw ToolFailure(description: "tone_levels.py failed:\n\(run.stderr)") }
    return results.map { span in
      let levels = span["levels"] as? [String: Double] ?? [:]
      return Dictionary(
        uniqueKeysWithValues: levels.compactMap { key, value in
          Int(key).map { ($0, value) }
        })
    }
  }
}

import Foundation
import TestSupport

/// Measures a rendered movie's sound with tools that share no code with chromake: pyloudnorm
/// for integrated loudness, the ffmpeg command's `ebur128` for the true peak, and numpy for the
/// level of tones (`Tests/Measurements`).
enum SoundJudge {
  static let measurements = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Measurements")

  /// Integrated loudness in LUFS per pyloudnorm; nil for silence.
  static func integratedLoudness(_ movie: String) throws -> Double? {
    let script = measurements.appendingPathComponent("loudness.py").path
    let run = try ToolRun.run(tool: "python3", [script, movie])
    guard run.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    else { throw ToolFailure(description: "loudness.py failed:\n\(run.stderr)") }
    return json["integrated"] as? Double
  }

  /// The true peak in dBTP per ffmpeg's `ebur128=peak=true`.
  static func truePeak(_ movie: String) throws -> Double {
    try LoudnessCommandTests.reference(movie).peak
  }

  /// The level in dBFS of each of `hertz` in each span (seconds) of the sound, mixed to mono.
  static func toneLevels(_ movie: String, hertz: [Int], spans: [(Double, Double)]) throws
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

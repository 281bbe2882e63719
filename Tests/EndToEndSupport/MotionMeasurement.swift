import Foundation
import TestSupport

/// Runs `Tests/Measurements/motion.py` (ffmpeg decodes, numpy measures, the keyframe formulas
/// written afresh in Python) over a rendered movie: the judge of motion is not chromake's code.
public enum MotionMeasurement {
  public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Measurements/motion.py")

  /// One keyframe as the script reads it: `[at, value, ease]`, ease a name or four numbers.
  public static func keyframe(_ at: Double, _ value: Double, _ ease: String) -> Any {
    let bezier =
      ease.hasPrefix("[")
      ? (try? JSONSerialization.jsonObject(with: Data(ease.utf8))) : nil
    return [at, value, bezier ?? ease]
  }

  /// Measures `movie` with `checks`; the run's output ends in `N passed, N failed`.
  public static func measure(
    _ movie: String, width: Int, height: Int, fps: Int, frames: Int, checks: [[String: Any]],
    in folder: ScratchFolder
  ) throws -> ToolRun {
    let spec: [String: Any] = [
      "movie": movie, "width": width, "height": height, "fps": fps, "frames": frames,
      "checks": checks,
    ]
    let specURL = folder.url.appendingPathComponent("measure.json")
    try JSONSerialization.data(withJSONObject: spec).write(to: specURL)
    return try ToolRun.run(tool: "python3", [script.path, specURL.path], in: folder.url)
  }
}

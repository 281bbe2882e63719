import Foundation
import TestSupport

/// A project for the timing tests: output settings and layers, bottom first, from which the
/// YAML, the media and the expected frame count all follow.
public struct TimedProject: Sendable {
  /// How `output.duration` is chosen.
  public enum Length: Sendable {
    case longest
    case shortest
    case exactly(Ratio)

    public var yaml: String {
      switch self {
      case .longest: "longest"
      case .shortest: "shortest"
      case .exactly(let time): time.yamlTime
      }
    }
  }

  public var width: Int
  public var height: Int
  public var fps: Ratio
  public var length: Length
  /// The `output.video` mapping; nil keeps the project defaults (crf 20, preset medium).
  public var video: String?
  public var layers: [TimedLayer]

  public init(
    width: Int = 160, height: Int = 96, fps: Ratio = Ratio(30), length: Length = .longest,
    video: String? = "{ crf: 12, preset: ultrafast }", layers: [TimedLayer]
  ) {
    (self.width, self.height, self.fps, self.length) = (width, height, fps, length)
    (self.video, self.layers) = (video, layers)
  }

  public var yaml: String {
    var lines = [
      "version: 1",
      "output:",
      "  file: out.mp4",
      "  size: \(width)x\(height)",
      "  fps: \"\(fps)\"",
      "  duration: \(length.yaml)",
    ]
    if let video { lines.append("  video: \(video)") }
    lines.append("layers:")
    lines += layers.map(\.yaml)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `N = round(D × fps)`, where `D` is the latest (`longest`) or earliest (`shortest`) end of
  /// the layers that have one, or the explicit time.
  public var frameCount: Int {
    let ends = layers.compactMap(\.end)
    let duration: Ratio
    switch length {
    case .longest: duration = ends.max()!
    case .shortest: duration = ends.min()!
    case .exactly(let time): duration = time
    }
    return (duration * fps).rounded
  }

  /// What a region covered by the `covering` layers (bottom first) shows on output frame `k`:
  /// the topmost that is drawn there, else the background.
  public func shown(atFrame k: Int, covering: [TimedLayer]) -> Shown {
    for layer in covering.reversed() {
      if let shown = layer.shown(atFrame: k, fps: fps) { return shown }
    }
    return .background
  }

  /// Writes the media and `project.yaml` into `folder`, runs `chromake render` and returns the
  /// movie's path (`output`, relative to the folder); throws with chromake's stderr if the
  /// render fails.
  @discardableResult
  public func render(in folder: ScratchFolder, output: String = "out.mp4") throws -> String {
    try writeFiles(in: folder)
    return try Self.render(in: folder, output: output)
  }

  /// Writes the media (each file once) and `project.yaml` into `folder`.
  public func writeFiles(in folder: ScratchFolder) throws {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    var made: Set<String> = []
    for layer in layers where made.insert(layer.clip.file).inserted {
      try layer.clip.make(in: folder)
    }
    try yaml.write(
      to: folder.url.appendingPathComponent("project.yaml"), atomically: true, encoding: .utf8)
  }

  /// Renders the `project.yaml` already in `folder` into `output`.
  public static func render(in folder: ScratchFolder, output: String) throws -> String {
    let run = try ChromakeBinary.run(
      ["render", "project.yaml", "-o", output, "--progress", "none"], in: folder.url)
    guard run.status == 0 else {
      let project =
        (try? String(
          contentsOf: folder.url.appendingPathComponent("project.yaml"), encoding: .utf8))
      throw ToolFailure(
        description: "chromake render exited with status \(run.status):\n\(run.stderr)\n"
          + "--- project.yaml:\n\(project ?? "")")
    }
    return folder.path(output)
  }
}

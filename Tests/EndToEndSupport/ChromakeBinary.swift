import Foundation
import TestSupport

/// Runs the built `chromake` executable, as a user would, capturing what it prints.
public enum ChromakeBinary {
  /// The executable beside the test bundle (SwiftPM builds it because this target depends on
  /// it), or `$CHROMAKE` when set.
  public static let url: URL = {
    if let path = ProcessInfo.processInfo.environment["CHROMAKE"] {
      return URL(fileURLWithPath: path)
    }
    var folder = Bundle.main.bundleURL
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("chromake")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("chromake")
  }()

  /// Runs `chromake arguments…` in `directory` with `environment` added to this process's
  /// (never `NO_COLOR` unless given, so colour decisions are the test's own).
  public static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> ToolRun {
    var env: [String: String?] = ["NO_COLOR": nil]
    for (name, value) in environment { env[name] = value }
    return try ToolRun.run(url, arguments, in: directory, environment: env)
  }

  /// Writes `yaml` as `NAME.yaml` in `folder`, renders it, and returns the path of
  /// `NAME.mp4` (the project's output must be that); a failed render throws its stderr.
  public static func render(_ yaml: String, name: String, in folder: ScratchFolder) throws -> String
  {
    let project = folder.path("\(name).yaml")
    try yaml.write(toFile: project, atomically: true, encoding: .utf8)
    let run = try run(["render", project, "--progress", "none"])
    guard run.status == 0 else { throw ToolFailure(description: run.stderr) }
    return folder.path("\(name).mp4")
  }
}

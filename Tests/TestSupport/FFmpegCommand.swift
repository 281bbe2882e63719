import Foundation

/// A failed run of an FFmpeg command-line tool. Its description carries the tool's stderr, so
/// the failing test shows what FFmpeg complained about.
public struct ToolFailure: Error, CustomStringConvertible {
  public let description: String

  /// A failure with this text.
  public init(description: String) { self.description = description }
}

/// Runs the `ffmpeg` and `ffprobe` commands, which make and check test media independently of
/// the code under test: nothing is checked in and nothing is downloaded.
public enum FFmpegCommand {
  /// Runs `ffmpeg` (overwriting outputs, printing only errors); throws with its stderr if it fails.
  public static func ffmpeg(_ arguments: [String]) throws {
    _ = try run("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments)
  }

  /// Runs `ffprobe` and returns what it printed; throws with its stderr if it fails.
  public static func ffprobe(_ arguments: [String]) throws -> String {
    try run("ffprobe", ["-hide_banner", "-loglevel", "error"] + arguments)
  }

  private static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let run = try ToolRun.run(tool: tool, arguments)
    guard run.status == 0 else {
      let command = ([tool] + arguments).joined(separator: " ")
      throw ToolFailure(description: "\(command)\nexited with status \(run.status):\n\(run.stderr)")
    }
    return run.stdout
  }
}

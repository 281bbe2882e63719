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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // At log level "error" stderr stays far below a pipe's buffer, so reading stdout to its
    // end first cannot deadlock.
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let complaints = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let command = ([tool] + arguments).joined(separator: " ")
      let stderr = String(decoding: complaints, as: UTF8.self)
      throw ToolFailure(
        description: "\(command)\nexited with status \(process.terminationStatus):\n\(stderr)")
    }
    return String(decoding: printed, as: UTF8.self)
  }
}

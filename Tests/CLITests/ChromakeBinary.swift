import Foundation
import TestSupport

/// Runs the built `chromake` executable, as a user would, capturing what it prints.
enum ChromakeBinary {
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The executable beside the test bundle (SwiftPM builds it because this target depends on
  /// it), or `$CHROMAKE` when set.
  static let url: URL = {
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

  /// Runs `chromake arguments…` in `directory` with `environment` added to this process's.
  static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> Run {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "NO_COLOR")
    env.merge(environment) { $1 }
    process.environment = env
    // Output goes to files, not pipes, so a chatty child can never stall on a full pipe.
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("chromake-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus,
      stdout: try String(contentsOf: outURL, encoding: .utf8),
      stderr: try String(contentsOf: errURL, encoding: .utf8))
  }
}

import Foundation

/// One finished run of a command-line program: its exit status and what it printed.
public struct ToolRun: Sendable {
  /// The exit status.
  public var status: Int32
  /// Everything written to standard output.
  public var stdout: String
  /// Everything written to standard error.
  public var stderr: String

  /// Runs `executable arguments…` in `directory`, with `environment` merged over this
  /// process's (a `nil` value removes a variable), and waits for it to finish.
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String?] = [:]
  ) throws -> ToolRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    for (name, value) in environment { env[name] = value }
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
    return ToolRun(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }

  /// Runs a program found on `PATH`.
  public static func run(
    tool: String, _ arguments: [String], in directory: URL? = nil
  ) throws -> ToolRun {
    try run(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, in: directory)
  }
}

import Foundation
import TestSupport

/// `chromake preview` run as a user runs it: started in a folder, its URL read from what it
/// prints, stopped with SIGTERM when the test is done with it.
public final class PreviewProcess {
  /// The URL it printed, such as `http://127.0.0.1:41565/` (with `?token=` off loopback).
  public let url: String
  /// The port in the URL.
  public let port: Int
  private let process: Process
  private let errorsFile: String

  /// Starts `chromake preview arguments…` in `folder` and waits (up to `timeout`) for its URL;
  /// throws what it printed if it exits or says nothing by then.
  public init(_ arguments: [String], in folder: ScratchFolder, timeout: Duration = .seconds(60))
    throws
  {
    let name = UUID().uuidString
    let outputFile = folder.path("preview-\(name).out")
    errorsFile = folder.path("preview-\(name).err")
    _ = FileManager.default.createFile(atPath: outputFile, contents: nil)
    _ = FileManager.default.createFile(atPath: errorsFile, contents: nil)
    process = Process()
    process.executableURL = ChromakeBinary.url
    process.arguments = ["preview"] + arguments
    process.currentDirectoryURL = folder.url
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    process.standardOutput = FileHandle(forWritingAtPath: outputFile)
    process.standardError = FileHandle(forWritingAtPath: errorsFile)
    try process.run()
    let deadline = ContinuousClock.now + timeout
    while true {
      let printed = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
      if let match = printed.firstMatch(of: /(https?:\/\/[^\s]+)/) {
        url = String(match.1)
        guard let port = URL(string: url)?.port else {
          throw ToolFailure(description: "no port in the printed URL: \(printed)")
        }
        self.port = port
        return
      }
      guard process.isRunning, ContinuousClock.now < deadline else {
        process.terminate()
        throw ToolFailure(
          description: "chromake preview printed no URL (\(printed)): "
            + ((try? String(contentsOfFile: errorsFile, encoding: .utf8)) ?? ""))
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  deinit { stop() }

  /// What it has printed on standard error so far: the diagnostics of each plan.
  public var errors: String { (try? String(contentsOfFile: errorsFile, encoding: .utf8)) ?? "" }

  /// Whether it is still running.
  public var isRunning: Bool { process.isRunning }

  /// Stops it (SIGTERM) and waits for it to end.
  public func stop() {
    guard process.isRunning else { return }
    process.terminate()
    process.waitUntilExit()
  }
}

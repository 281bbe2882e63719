import Foundation
import TestSupport

/// A running `chromake preview`, started as a user starts it, with the address it printed; it
/// is stopped by SIGTERM on `stop()`, and killed if the test ends without stopping it.
public final class RunningPreview {
  /// The page's address, as the command printed it (`http://127.0.0.1:PORT/`).
  public let url: String
  private let running: RunningChromake

  /// Starts `chromake preview arguments…` in `directory` and waits (at most `seconds`) for
  /// the line that says where it listens.
  public init(_ arguments: [String], in directory: URL, seconds: Double = 30) throws {
    running = try RunningChromake(["preview"] + arguments, in: directory)
    guard running.waitForOutputLine(seconds: seconds) else {
      let ending = running.process.isRunning ? "printed nothing" : "ended"
      throw ToolFailure(
        description: "chromake preview \(ending) within \(seconds) s:\n\(running.stderr)")
    }
    let line = running.stdout
    guard let match = line.range(of: #"https?://\S+"#, options: .regularExpression) else {
      throw ToolFailure(description: "chromake preview printed no address: \(line)")
    }
    url = String(line[match])
  }

  /// The port in the address.
  public var port: Int { URL(string: url)?.port ?? 0 }

  /// Whether the command is still running.
  public var isRunning: Bool { running.process.isRunning }

  /// What the command wrote to standard error so far (each plan's diagnostics).
  public var stderr: String { running.stderr }

  /// Sends SIGTERM and waits (at most `seconds`) for the command to end; how it ended.
  @discardableResult
  public func stop(within seconds: Double = 10) -> RunningChromake.Ending? {
    running.send(SIGTERM)
    return running.finish(within: seconds)
  }
}

import Foundation

/// A render stopped because the process received a signal (Ctrl-C is SIGINT).
public struct RenderInterrupted: Error, Equatable, Sendable, CustomStringConvertible {
  /// The signal's number, SIGINT or SIGTERM.
  public let signal: Int32

  /// An interruption by `signal`.
  public init(signal: Int32) {
    self.signal = signal
  }

  /// The shell's convention for a process ended by a signal: 128 + its number, so 130 for
  /// SIGINT and 143 for SIGTERM.
  public var exitCode: Int32 {
    128 + signal
  }

  /// "interrupted by SIGINT", for example.
  public var description: String {
    "interrupted by \(Self.name(of: signal))"
  }

  /// The signal's usual name, or "signal N" for one without a name here.
  static func name(of signal: Int32) -> String {
    switch signal {
    case SIGINT: return "SIGINT"
    case SIGTERM: return "SIGTERM"
    case SIGHUP: return "SIGHUP"
    case SIGQUIT: return "SIGQUIT"
    default: return "signal \(signal)"
    }
  }
}

import Foundation

/// How a render shows its progress.
public enum ProgressStyle: String, Sendable, CaseIterable {
  /// One line rewritten in place with `\r`, for a person at a terminal.
  case bar
  /// One JSON object per line, for a program reading the output.
  case json
  /// Nothing.
  case none
}

/// The `--progress` choice: a style, or `auto` to pick one from where the output goes.
public enum ProgressOption: String, Sendable, CaseIterable {
  /// `bar` when standard error is a terminal, otherwise `none` (a log file gets no `\r` lines).
  case auto
  /// Always the bar.
  case bar
  /// Always JSON lines.
  case json
  /// No progress.
  case none

  /// The style to use when standard error is (or is not) a terminal.
  public func resolved(stderrIsTerminal: Bool) -> ProgressStyle {
    switch self {
    case .auto: return stderrIsTerminal ? .bar : .none
    case .bar: return .bar
    case .json: return .json
    case .none: return .none
    }
  }

  /// The style to use for this process's standard error.
  public func resolved() -> ProgressStyle {
    resolved(stderrIsTerminal: isatty(STDERR_FILENO) == 1)
  }
}

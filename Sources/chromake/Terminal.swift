import Diagnostics
import Foundation

/// Where output goes, and whether it may be coloured.
enum Terminal {
  static func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  static func writeOutput(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes plain lines that hold the user's names (paths, data cells, error reasons) to
  /// standard error with their control and bidirectional formatting characters escaped, line
  /// feeds kept: a file name cannot retitle the terminal or reorder the line it is in.
  static func say(_ text: String) {
    writeError(DisplayText.escapedLines(text))
  }

  /// Standard output's counterpart of `say`.
  static func sayOutput(_ text: String) {
    writeOutput(DisplayText.escapedLines(text))
  }

  /// Prints diagnostics and their count to standard error, coloured only on a terminal.
  static func report(_ diagnostics: [Diagnostic], sources: SourceText) {
    guard !diagnostics.isEmpty else { return }
    let color = DiagnosticPrinter.wantsColor(
      isTerminal: isatty(STDERR_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
    writeError(DiagnosticPrinter(sources: sources, useColor: color).render(diagnostics))
  }
}

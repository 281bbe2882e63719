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

  /// Prints diagnostics and their count to standard error, coloured only on a terminal.
  static func report(_ diagnostics: [Diagnostic], sources: SourceText) {
    guard !diagnostics.isEmpty else { return }
    let color = DiagnosticPrinter.wantsColor(
      isTerminal: isatty(STDERR_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
    writeError(DiagnosticPrinter(sources: sources, useColor: color).render(diagnostics))
  }
}

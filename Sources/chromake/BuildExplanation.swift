import Builds
import Foundation
import Session

/// How `--explain` and "up to date" name an output and list reasons.
enum BuildExplanation {
  /// `path` relative to the current folder when inside it, as make names targets.
  static func displayPath(_ path: String) -> String {
    DependencyFile.relative(path, to: FileManager.default.currentDirectoryPath)
  }

  /// `OUTPUT is rendered because:` and one indented line per reason.
  static func text(output: String, reasons: [OutOfDateReason]) -> String {
    "chromake: \(output) is rendered because:\n"
      + reasons.map { "  \($0.explanation)\n" }.joined()
  }
}

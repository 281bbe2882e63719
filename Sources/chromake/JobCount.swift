import ArgumentParser
import Foundation

/// The `--jobs` of `batch` and `render`: each job is a process of its own, with its own
/// decoders, encoder and GPU context (hundreds of MiB), so a mistyped count is refused before
/// anything starts rather than starting thousands of them.
enum JobCount {
  /// The most jobs a command runs at once.
  static let maximum = 256

  /// Throws the command-line error for a count out of range.
  static func validate(_ jobs: Int) throws {
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    guard jobs <= maximum else {
      throw ValidationError(
        "--jobs \(jobs): at most \(maximum) (each job is a process of its own; "
          + "this machine has \(ProcessInfo.processInfo.activeProcessorCount) cores)")
    }
  }
}

import Builds
import Foundation
import RenderPlan
import Session

/// How `--explain` and "up to date" name an output and list reasons.
enum BuildExplanation {
  /// `path` relative to the current folder when inside it, as make names targets.
  static func displayPath(_ path: String) -> String {
    DependencyFile.relative(path, to: FileManager.default.currentDirectoryPath)
  }

  /// `OUTPUT is rendered because:` and one indented line per reason, then whether each
  /// `speak` track's speech was made for this render or found in the cache.
  static func text(output: String, reasons: [OutOfDateReason], plan: RenderPlan) -> String {
    "chromake: \(output) is rendered because:\n"
      + reasons.map { "  \($0.explanation)\n" }.joined()
      + (plan.speech ?? []).map { "  \(speechLine($0))\n" }.joined()
  }

  /// `speech of 'voice' was made: nothing was cached for its engine, voice, rate and text`.
  static func speechLine(_ speech: SpeechPlan) -> String {
    let key = String(speech.key.prefix(12))
    return speech.fromCache
      ? "speech of '\(speech.track)' was found in the cache (\(key)), not made again"
      : "speech of '\(speech.track)' was made (\(key)): nothing was cached for its engine, "
        + "voice, rate and text"
  }
}

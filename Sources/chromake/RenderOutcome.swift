import ArgumentParser
import Diagnostics
import Outputs
import RenderPlan
import Session

/// How a render's failure or warnings reach the user: a failure of one layer's input as a
/// diagnostic at the layer's line, an interruption as its conventional exit status.
enum RenderOutcome {
  /// Prints `error` and returns the exit code to leave with. `kept` says what an interrupted
  /// render leaves, instead of "nothing was written" (a segmented one keeps the segments it
  /// finished).
  static func exit(for error: any Error, session: ProjectSession, kept: String? = nil)
    -> ExitCode
  {
    if let interrupted = error as? RenderInterrupted {
      Terminal.say(
        "chromake: \(interrupted); "
          + (kept ?? "nothing was written") + "\n")
      return ExitCode(interrupted.exitCode)
    }
    if let failure = error as? RenderFailure {
      Terminal.report([diagnostic(.error, failure, session: session)], sources: session.sources)
      return .failure
    }
    Terminal.say("chromake: error: \(ErrorReason.of(error))\n")
    return .failure
  }

  /// Prints `error` as `exit(for:session:)` does and returns its one-line message, for a
  /// batch's summary.
  static func describe(_ error: any Error, session: ProjectSession) -> String {
    if let failure = error as? RenderFailure {
      let diagnostic = diagnostic(.error, failure, session: session)
      Terminal.report([diagnostic], sources: session.sources)
      return diagnostic.message
    }
    let reason = ErrorReason.of(error)
    Terminal.say("chromake: error: \(reason)\n")
    return reason
  }

  static func reportWarnings(_ warnings: [RenderFailure], session: ProjectSession) {
    Terminal.report(
      warnings.map { diagnostic(.warning, $0, session: session) }, sources: session.sources)
  }

  private static func diagnostic(
    _ severity: Severity, _ failure: RenderFailure, session: ProjectSession
  ) -> Diagnostic {
    // The plan keeps line and column; the file is the project's own.
    let file = session.spec?.output.file.location.file
    let location = file.flatMap { file in
      failure.location.map { SourceLocation(file: file, line: $0.line, column: $0.column) }
    }
    let isTrack = session.spec?.audioTracks.contains { $0.name.value == failure.layer } ?? false
    let owner = failure.layer.map { "\(isTrack ? "audio track" : "layer") '\($0)': " } ?? ""
    return Diagnostic(
      severity, id: severity == .error ? "render-failed" : "render-warning",
      owner + failure.message, at: location)
  }
}

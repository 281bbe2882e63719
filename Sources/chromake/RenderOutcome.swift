import ArgumentParser
import Diagnostics
import Renderer

/// How a render's failure or warnings reach the user: a failure of one layer's input as a
/// diagnostic at the layer's line, an interruption as its conventional exit status.
enum RenderOutcome {
  /// Prints `error` and returns the exit code to leave with.
  static func exit(for error: any Error, session: ProjectSession) -> ExitCode {
    if let interrupted = error as? RenderInterrupted {
      Terminal.writeError("chromake: \(interrupted); nothing was written\n")
      return ExitCode(interrupted.exitCode)
    }
    if let failure = error as? RenderFailure {
      Terminal.report([diagnostic(.error, failure, session: session)], sources: session.sources)
      return .failure
    }
    Terminal.writeError("chromake: error: \(error)\n")
    return .failure
  }

  static func reportWarnings(_ warnings: [RenderFailure], session: ProjectSession) {
    Terminal.report(
      warnings.map { diagnostic(.warning, $0, session: session) }, sources: session.sources)
  }

  private static func diagnostic(
    _ severity: Severity, _ failure: RenderFailure, session: ProjectSession
  ) -> Diagnostic {
    let layer = session.spec?.layers.first { $0.name.value == failure.layer }
    let location = layer.map { spec in
      failure.location.map {
        SourceLocation(file: spec.location.file, line: $0.line, column: $0.column)
      } ?? spec.location
    }
    return Diagnostic(
      severity, id: severity == .error ? "render-failed" : "damaged-input",
      failure.layer.map { "layer '\($0)': \(failure.message)" } ?? failure.message,
      at: location)
  }
}

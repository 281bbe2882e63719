import Diagnostics
import Foundation
import RenderPlan

/// The server-sent events a page follows: `plan` after a successful plan, `problems` after
/// every attempt. Each is one `event:`/`data:` block, its data one line of JSON.
enum PreviewEvents {
  /// `plan`: what the page needs to place its playhead in the new plan.
  struct PlanData: Encodable {
    /// Successful plans so far (1 for the first).
    var counter: Int
    var frameCount: Int64
    /// Frames per second as an exact fraction: numerator, denominator.
    var fps: [Int64]
    var width: Int
    var height: Int
    /// Seconds, for display.
    var duration: Double
  }

  /// `problems`: every diagnostic of the latest attempt, printed as `check` prints them.
  struct ProblemsData: Encodable {
    /// The counter of the latest successful plan (0 before any).
    var counter: Int
    /// Plans tried so far.
    var attempt: Int
    var errors: Int
    var warnings: Int
    /// All of them printed, source lines and carets included, without colour.
    var text: String
    var diagnostics: [Problem]
  }

  /// One diagnostic, located.
  struct Problem: Encodable {
    var severity: String
    var id: String
    var message: String
    var file: String?
    var line: Int?
    var column: Int?
    var help: String?
    /// This one printed, with its source line and caret.
    var text: String
  }

  static func plan(_ plan: RenderPlan, counter: Int) -> Data {
    let output = plan.output
    return block(
      "plan",
      PlanData(
        counter: counter, frameCount: output.frameCount,
        fps: [Int64(clamping: output.fps.numerator), Int64(clamping: output.fps.denominator)],
        width: output.width, height: output.height, duration: output.duration.doubleValue))
  }

  static func problems(
    _ diagnostics: [Diagnostic], sources: SourceText, counter: Int, attempt: Int
  ) -> Data {
    let printer = DiagnosticPrinter(sources: sources, useColor: false)
    let problems = diagnostics.map { diagnostic in
      Problem(
        severity: diagnostic.severity.rawValue, id: diagnostic.id, message: diagnostic.message,
        file: diagnostic.location?.file, line: diagnostic.location?.line,
        column: diagnostic.location?.column, help: diagnostic.help,
        text: printer.render(diagnostic))
    }
    return block(
      "problems",
      ProblemsData(
        counter: counter, attempt: attempt,
        errors: diagnostics.count { $0.severity == .error },
        warnings: diagnostics.count { $0.severity == .warning },
        text: diagnostics.isEmpty ? "" : printer.render(diagnostics), diagnostics: problems))
  }

  /// `event: NAME` and `data: JSON` on one line (JSON escapes every newline in its strings).
  private static func block(_ name: String, _ value: some Encodable) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding these plain values cannot fail.
    let json = (try? encoder.encode(value)) ?? Data("{}".utf8)
    var data = Data("event: \(name)\ndata: ".utf8)
    data.append(json)
    data.append(contentsOf: Array("\n\n".utf8))
    return data
  }
}

import Diagnostics
import Foundation
import GPU
import Outputs
import Rendering
import Session

/// Renders one row of a batch (or finds it up to date) and says what happened to it as it
/// happens: the same for a row rendered in the batch's own process and in a worker's.
struct BatchRowRender: @unchecked Sendable {
  var force: Bool
  var explain: Bool
  var dataName: String

  private let printLock = NSLock()

  init(force: Bool, explain: Bool, dataName: String) {
    self.force = force
    self.explain = explain
    self.dataName = dataName
  }

  /// The row's outcome. `context` is made on first need and kept for the next row.
  func render(_ row: BatchRow, context: inout GPUContext?, interrupt: InterruptWatch)
    -> BatchReport.Row
  {
    guard let plan = row.plan, let build = row.build else { return entry(row, .failed) }
    let label = "\(dataName) row \(row.data.number)"
    let shown = BuildExplanation.displayPath(build.output)
    let started = ProgressReporter.uptimeSeconds()
    do {
      let verdict = try build.check(
        plan, of: row.session, force: force, cancellation: interrupt.cancellation)
      // Rows render side by side, so a segmented row encodes one segment at a time.
      let job = IncrementalRender(plan: plan, build: build, verdict: verdict, lanes: 1)
      if verdict.isUpToDate {
        job.skip(project: row.session.spec?.path)
        say("chromake: \(label): \(shown) is up to date\n")
        return entry(row, .upToDate)
      }
      if explain {
        say(
          BuildExplanation.text(
            output: "\(label): \(shown)", reasons: verdict.reasons, plan: plan))
      }
      let gpu = try context ?? GPUContext()
      context = gpu
      let outcome = try job.run(
        context: gpu, cancellation: interrupt.cancellation)
      let seconds = ProgressReporter.uptimeSeconds() - started
      guard case .rendered(let report, let recordError) = outcome else {
        return entry(row, .upToDate)
      }
      var text =
        "chromake: \(label): wrote \(shown): \(report.frames) frames in "
        + String(format: "%.1f s\n", seconds)
      if let loudness = report.loudness {
        text += "chromake: \(label): loudness: \(loudness.text)\n"
      }
      if let recordError {
        text += "chromake: warning: \(label): \(recordError); its next render will run again\n"
      }
      say(text)
      if !report.warnings.isEmpty {
        printLock.withLock {
          RenderOutcome.reportWarnings(report.warnings, session: row.session)
        }
      }
      return entry(
        row, .rendered, reasons: verdict.reasons.map(\.explanation), seconds: seconds,
        frames: report.frames)
    } catch let interrupted as RenderInterrupted {
      say("chromake: \(label): \(interrupted); nothing was written\n")
      return entry(row, .notStarted)
    } catch {
      let message = printLock.withLock {
        RenderOutcome.describe(error, session: row.session)
      }
      say("chromake: \(label): failed\n")
      return entry(
        row, .failed, reasons: [message],
        seconds: ProgressReporter.uptimeSeconds() - started)
    }
  }

  func entry(
    _ row: BatchRow, _ status: BatchReport.Status, reasons: [String] = [],
    seconds: Double? = nil, frames: Int64? = nil
  ) -> BatchReport.Row {
    BatchReport.Row(
      row: row.data.number, line: row.data.location.line,
      output: row.build.map { BuildExplanation.displayPath($0.output) }, status: status,
      reasons: reasons, seconds: seconds, frames: frames)
  }

  private func say(_ text: String) {
    printLock.withLock { Terminal.say(text) }
  }
}

import Diagnostics
import Foundation
import GPU
import Renderer
import Session

/// Renders a batch's valid rows of one shard on `jobs` threads, each with its own GPU context,
/// and says what happened to each row as it happens.
struct BatchRunner: @unchecked Sendable {
  var rows: [BatchRow]
  var shard: Shard
  var jobs: Int
  var force: Bool
  var explain: Bool
  var dataName: String

  private let printLock = NSLock()

  init(
    rows: [BatchRow], shard: Shard, jobs: Int, force: Bool, explain: Bool, dataName: String
  ) {
    self.rows = rows
    self.shard = shard
    self.jobs = jobs
    self.force = force
    self.explain = explain
    self.dataName = dataName
  }

  /// Every row's outcome, in data order.
  func run(interrupt: InterruptWatch) -> [BatchReport.Row] {
    let results = ResultSlots(count: rows.count)
    var work: [Int] = []
    for (index, row) in rows.enumerated() {
      if !shard.contains(rowNumber: row.data.number) {
        results[index] = entry(row, .otherShard)
      } else if !row.isValid {
        let reasons = row.diagnostics.filter { $0.severity == .error }.map(\.message)
        results[index] = entry(row, .failed, reasons: reasons)
      } else {
        results[index] = entry(row, .notStarted)
        work.append(index)
      }
    }
    let queued = work
    let pool = JobPool<GPUContext>(threads: jobs, count: queued.count)
    pool.run(
      shouldStop: { interrupt.isInterrupted },
      { position, context in
        let index = queued[position]
        results[index] = render(rows[index], context: &context, interrupt: interrupt)
      })
    return results.values
  }

  private func render(_ row: BatchRow, context: inout GPUContext?, interrupt: InterruptWatch)
    -> BatchReport.Row
  {
    guard let plan = row.plan, let build = row.build else { return entry(row, .failed) }
    let label = "\(dataName) row \(row.data.number)"
    let shown = BuildExplanation.displayPath(build.output)
    let started = ProgressReporter.uptimeSeconds()
    do {
      let verdict = try build.check(plan, of: row.session, force: force)
      // Rows render side by side, so a segmented row encodes one segment at a time.
      let job = IncrementalRender(plan: plan, build: build, verdict: verdict, lanes: 1)
      if verdict.isUpToDate {
        job.skip(project: row.session.spec?.path)
        say("chromake: \(label): \(shown) is up to date\n")
        return entry(row, .upToDate)
      }
      if explain {
        say(BuildExplanation.text(output: "\(label): \(shown)", reasons: verdict.reasons))
      }
      let gpu = try context ?? GPUContext()
      context = gpu
      let outcome = try job.run(
        context: gpu, checkInterrupt: { try interrupt.throwIfInterrupted() })
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

  private func entry(
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

/// One result per row, written from the job threads.
private final class ResultSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [BatchReport.Row?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  subscript(index: Int) -> BatchReport.Row? {
    get { lock.withLock { slots[index] } }
    set { lock.withLock { slots[index] = newValue } }
  }

  var values: [BatchReport.Row] { lock.withLock { slots.compactMap { $0 } } }
}

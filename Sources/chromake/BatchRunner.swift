import Diagnostics
import Foundation
import GPU
import Outputs
import Rendering
import Session

/// Renders a batch's valid rows of one shard: in this process when one job runs, else on
/// `jobs` worker processes (`BatchWorkers`), and says what happened to each row.
struct BatchRunner {
  var rows: [BatchRow]
  var shard: Shard
  var jobs: Int
  var rowRender: BatchRowRender
  /// How a worker is started: this program's `batch` command, with the batch's arguments.
  var workerArguments: [String]

  /// What the batch did: every row's outcome, in data order, and the time its jobs spent in
  /// the GPU driver, summed over the processes that rendered.
  struct Outcome {
    var rows: [BatchReport.Row]
    var driverLock: DriverLock.Use
  }

  func run(interrupt: InterruptWatch) -> Outcome {
    var results: [BatchReport.Row] = []
    var work: [Int] = []
    for (index, row) in rows.enumerated() {
      if !shard.contains(rowNumber: row.data.number) {
        results.append(rowRender.entry(row, .otherShard))
      } else if !row.isValid {
        let reasons = row.diagnostics.filter { $0.severity == .error }.map(\.message)
        results.append(rowRender.entry(row, .failed, reasons: reasons))
      } else {
        results.append(rowRender.entry(row, .notStarted))
        work.append(index)
      }
    }
    let before = GPUContext.driverLock.use
    guard jobs > 1, work.count > 1 else {
      // One job: no process to start, one GPU context for every row.
      var context: GPUContext?
      for index in work where !interrupt.isInterrupted {
        results[index] = rowRender.render(rows[index], context: &context, interrupt: interrupt)
      }
      return Outcome(rows: results, driverLock: GPUContext.driverLock.use.since(before))
    }
    let workers = BatchWorkers(
      count: min(jobs, work.count), arguments: workerArguments, dataName: rowRender.dataName)
    let done = workers.render(rows: work.map { rows[$0].data.number }, interrupt: interrupt)
    for index in work {
      let number = rows[index].data.number
      if let row = done.rows[number] {
        results[index] = row
      } else if let why = done.lost[number] {
        results[index] = rowRender.entry(rows[index], .failed, reasons: [why])
      }
    }
    return Outcome(rows: results, driverLock: done.driverLock)
  }
}

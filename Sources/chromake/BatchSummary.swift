import Renderer
import Session

/// The lines that end a batch: the totals, then each failed row and why.
enum BatchSummary {
  static func text(_ report: BatchReport, dataName: String) -> String {
    let totals = report.totals
    var parts = [
      "\(totals.rendered) rendered", "\(totals.upToDate) up to date", "\(totals.failed) failed",
    ]
    if totals.otherShard > 0 { parts.append("\(totals.otherShard) on other shards") }
    if totals.notStarted > 0 { parts.append("\(totals.notStarted) not started") }
    var text =
      "chromake: batch of \(count(report.rows.count, "row")) from \(dataName) "
      + "(shard \(report.shard), \(count(report.jobs, "job"))): " + parts.joined(separator: ", ")
      + " in \(String(format: "%.1f", report.seconds)) s\n"
    // With several jobs, how much of the time they spent in the GPU driver, which they take
    // in turns: what bounds how many jobs are worth running.
    if report.jobs > 1, let driver = report.driverLock, report.seconds > 0 {
      text += String(
        format:
          "  the GPU driver was busy %.1f s (%.0f %% of the batch), jobs waited %.1f s for it\n",
        driver.heldSeconds, 100 * driver.heldSeconds / report.seconds, driver.waitedSeconds)
    }
    for row in report.rows where row.status == .failed {
      text += "  row \(row.row) (\(dataName):\(row.line)) failed: "
      text += (row.reasons.first ?? "unknown error") + "\n"
    }
    return text
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}

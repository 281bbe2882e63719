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
    // With several jobs, how much of their time they spent in the GPU driver: a process's
    // jobs would take it in turns, which is why each job has a process of its own.
    let rendering = report.rows.compactMap(\.seconds).reduce(0, +)
    if report.jobs > 1, let driver = report.driverLock, rendering > 0 {
      text += String(
        format: "  the jobs spent %.1f s of their %.1f s in the GPU driver (%.0f %%)\n",
        driver.heldSeconds, rendering, 100 * driver.heldSeconds / rendering)
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

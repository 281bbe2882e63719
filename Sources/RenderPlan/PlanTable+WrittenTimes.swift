import Timeline

extension PlanTable {
  /// Each time written as a reference, beside what it resolved to: to the microsecond, and as
  /// an exact fraction where the microseconds round it.
  static func writtenTimeTable(_ written: [WrittenTimePlan]) -> TextTable {
    var table = TextTable(header: ["field", "line", "written", "resolved"])
    for time in written {
      let decimal = TimeFormat.decimal(time.seconds, digits: 6)
      let exact =
        DecimalText.rational(decimal) == time.seconds ? "" : " (exactly \(time.seconds) s)"
      table.rows.append([
        time.field, "\(time.location.line)", time.written, "\(decimal) s\(exact)",
      ])
    }
    return table
  }
}

import ArgumentParser
import Diagnostics
import Foundation
import GPU
import Outputs
import ProjectFile
import Rendering
import Session

/// `chromake batch`: one render of a template project per row of a data file, in parallel,
/// each skipped when up to date, on one machine or split across many with `--shard`.
struct BatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract: "Render one variant of a project per row of a CSV, JSON or JSON Lines file.",
    discussion: """
      Each column is a {{variable}}. Every row is checked before anything renders; a row that \
      fails does not stop the others. Exit status: 0 every row rendered or up to date; 65 a \
      row or the data file has errors; 1 a render failed; 130 or 143 interrupted.
      """
  )

  @OptionGroup var options: ProjectOptions

  @Option(
    help: ArgumentHelp("The rows: .csv, .json (an array of objects) or .jsonl.", valueName: "file"))
  var data: String

  @Option(help: "How many rows render at once, each in a worker process of its own.")
  var jobs: Int = 1

  @Option(
    help: ArgumentHelp(
      "Render only share I of N (0-based; row r is share (r-1) mod N), for job arrays.",
      valueName: "I/N"))
  var shard: String = "0/1"

  @Option(help: ArgumentHelp("Write the summary here as JSON.", valueName: "file"))
  var report: String?

  @Flag(help: "Render every row even when its output is up to date.")
  var force = false

  @Flag(help: "Say for each row why it is rendered.")
  var explain = false

  /// Set on the worker processes of `--jobs` over 1: the batch's process id (`BatchWorker`).
  @Option(help: .hidden)
  var workerOf: Int32?

  func validate() throws {
    try JobCount.validate(jobs)
    guard Shard(parsing: shard) != nil else {
      throw ValidationError("--shard \(shard): expected I/N with 0 <= I < N, as in 2/8")
    }
  }

  func run() throws {
    InterruptWatch.unblockSignals()
    let started = ProgressReporter.uptimeSeconds()
    let table = try readTable()
    let rowRender = BatchRowRender(force: force, explain: explain, dataName: data)
    if let parent = workerOf {
      let opener = BatchRowOpener(
        project: options.project, displayName: data, overrides: options.overrides,
        allowOutsideRoot: options.allowOutsideRoot, allowEngines: options.allowEngines)
      try BatchWorker(table: table, opener: opener, rowRender: rowRender, parent: parent).run()
      return
    }
    let shard = Shard(parsing: self.shard) ?? .all
    let rows = BatchRows.open(
      project: options.project, table: table, displayName: data, overrides: options.overrides,
      allowOutsideRoot: options.allowOutsideRoot, allowEngines: options.allowEngines)
    // Notes point into the data file as well as the project: quote both.
    let dataText = table.text
    for row in rows where !row.diagnostics.isEmpty {
      var sources = row.session.sources
      sources.add(file: data, text: dataText)
      Terminal.say("chromake: \(data) row \(row.data.number):\n")
      Terminal.report(row.diagnostics, sources: sources)
    }
    let runner = BatchRunner(
      rows: rows, shard: shard, jobs: jobs, rowRender: rowRender,
      workerArguments: workerArguments)
    let watch = InterruptWatch()
    defer { watch.stop() }
    let outcome = runner.run(interrupt: watch)
    let summary = BatchReport(
      project: options.project, data: data, shard: shard.description, jobs: jobs,
      seconds: ProgressReporter.uptimeSeconds() - started, rows: outcome.rows,
      driverLock: outcome.driverLock)
    Terminal.say(BatchSummary.text(summary, dataName: data))
    if let report {
      do {
        try summary.write(to: report)
      } catch {
        Terminal.say(
          "chromake: error: cannot write the --report '\(report)': "
            + "\(ErrorReason.of(error, besides: report))\n")
        throw ExitCode.failure
      }
    }
    if let signal = watch.signal { throw ExitCode(RenderInterrupted(signal: signal).exitCode) }
    if rows.contains(where: { !$0.isValid && shard.contains(rowNumber: $0.data.number) }) {
      throw ExitCode.projectErrors
    }
    if summary.totals.failed > 0 { throw ExitCode.failure }
  }

  /// A worker's command line: this batch's project, data and row options, and its parent.
  private var workerArguments: [String] {
    var arguments = ["batch", options.project, "--data", data]
    for assignment in options.assignments { arguments += ["--set", assignment] }
    if options.allowOutsideRoot { arguments.append("--allow-outside-root") }
    if options.allowEngines { arguments.append("--allow-engines") }
    if force { arguments.append("--force") }
    if explain { arguments.append("--explain") }
    return arguments + ["--worker-of", "\(getpid())"]
  }

  /// The data file, or exit 65 with its errors, and also when a column is no variable or the
  /// project cannot be read.
  private func readTable() throws -> DataTable {
    switch DataTableReader.read(path: data) {
    case .failure(let failure):
      Terminal.report(failure.diagnostics, sources: failure.sources)
      throw ExitCode.projectErrors
    case .success(let table):
      var (unknown, sources) = BatchRows.columnProblems(table, project: options.project)
      guard unknown.isEmpty else {
        sources.add(file: data, text: table.text)
        Terminal.report(unknown, sources: sources)
        throw ExitCode.projectErrors
      }
      return table
    }
  }
}

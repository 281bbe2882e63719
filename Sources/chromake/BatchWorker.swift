import ArgumentParser
import Foundation
import GPU
import Outputs
import ProjectFile

/// The worker side of `batch --jobs N`: a process that renders the rows its batch sends it, one
/// at a time, with one GPU context of its own.
///
/// A row number per line comes in on standard input; a `BatchWorkerReply` per row goes out as
/// one JSON line on what was standard output (standard output itself is pointed at standard
/// error, so that nothing else printed can garble a reply). It ends at the end of its input, on
/// SIGINT or SIGTERM (the batch forwards its own), and when the batch that started it is gone.
struct BatchWorker {
  var table: DataTable
  var opener: BatchRowOpener
  var rowRender: BatchRowRender
  /// The batch's process id: a worker whose parent changes was orphaned.
  var parent: pid_t

  func run() throws {
    let watch = InterruptWatch()
    defer { watch.stop() }
    let replies = ParentChannel(parent: parent)
    let byNumber = Dictionary(uniqueKeysWithValues: table.rows.map { ($0.number, $0) })
    var context: GPUContext?
    while !watch.isInterrupted, let line = readLine() {
      // The batch sends only rows of the data file it read; one missing now means the file
      // changed in between. Ending (status 65) has the batch report the row as failed.
      guard let number = Int(line), let data = byNumber[number] else {
        Terminal.say("chromake: error: \(rowRender.dataName) has no row \(line) any more\n")
        throw ExitCode.projectErrors
      }
      let before = GPUContext.driverLock.use
      let row = opener.open(data)
      let outcome: BatchReport.Row
      if row.isValid {
        outcome = rowRender.render(row, context: &context, interrupt: watch)
      } else {
        // Valid when the batch checked it: a file it uses changed since.
        let reasons = row.diagnostics.filter { $0.severity == .error }.map(\.message)
        outcome = rowRender.entry(row, .failed, reasons: reasons)
      }
      let reply = BatchWorkerReply(
        row: outcome, driverLock: GPUContext.driverLock.use.since(before))
      guard replies.send(reply) else { break }
    }
    context = nil
    if let signal = watch.signal { throw ExitCode(RenderInterrupted(signal: signal).exitCode) }
  }
}

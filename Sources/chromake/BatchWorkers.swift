import Foundation
import GPU
import Outputs

/// The batch side of `batch --jobs N`: N worker processes (`BatchWorker`), each handed the
/// next row as soon as it reports the last, so that a slow row holds up one worker only.
///
/// Processes rather than threads, because the GPU driver is shared by a process's threads in
/// turns (`GPUContext.driverLock`): on 16 cores, 4 jobs in one process rendered 32 ads only
/// 1.2 times as fast as one job, and 16 processes 2.4 to 2.8 times. A worker that crashes
/// costs its row, not the batch. SIGINT and SIGTERM are forwarded, once; a worker whose batch
/// is gone stops by itself.
struct BatchWorkers {
  var count: Int
  /// The worker's command line after the program: `batch`, the batch's own arguments, and the
  /// flag that makes it a worker.
  var arguments: [String]
  var dataName: String

  /// What the workers did.
  struct Outcome {
    /// The rows they reported, by row number.
    var rows: [Int: BatchReport.Row] = [:]
    /// Rows whose worker ended before reporting them, by row number: why.
    var lost: [Int: String] = [:]
    /// Their time in the GPU driver, summed.
    var driverLock = DriverLock.Use(heldSeconds: 0, waitedSeconds: 0)
  }

  /// Renders the rows numbered `rows`, in that order of hand-out.
  func render(rows: [Int], interrupt: InterruptWatch) -> Outcome {
    // A worker that dies must not take the batch with it when the batch next writes to it.
    signal(SIGPIPE, SIG_IGN)
    var outcome = Outcome()
    var queue = rows[...]
    var workers: [Slot] = []
    for _ in 0..<count {
      do {
        workers.append(
          Slot(
            try WorkerProcess(
              executable: WorkerProcess.currentExecutable,
              arguments: ["chromake"] + arguments, siblings: count)))
      } catch {
        Terminal.say("chromake: error: cannot start a batch worker: \(error)\n")
        break
      }
    }
    for slot in workers { hand(&queue, to: slot, interrupt: interrupt) }
    var forwarded = false
    while workers.contains(where: { !$0.ended }) {
      if let signal = interrupt.signal, !forwarded {
        forwarded = true
        for slot in workers where !slot.ended {
          slot.process.closeInput()
          kill(slot.process.pid, signal)
        }
      }
      var polled = workers.filter { !$0.ended }.map {
        pollfd(fd: $0.process.output, events: Int16(POLLIN), revents: 0)
      }
      // A short timeout: the interrupt flag is polled, not signalled.
      guard poll(&polled, nfds_t(polled.count), 50) > 0 else { continue }
      for entry in polled where entry.revents != 0 {
        guard let slot = workers.first(where: { $0.process.output == entry.fd }) else { continue }
        if let replies = slot.read() {
          for reply in replies {
            outcome.rows[reply.row.row] = reply.row
            outcome.driverLock.heldSeconds += reply.driverLock.heldSeconds
            outcome.driverLock.waitedSeconds += reply.driverLock.waitedSeconds
            slot.current = nil
          }
          if slot.current == nil { hand(&queue, to: slot, interrupt: interrupt) }
        } else {
          finish(slot, into: &outcome, interrupted: interrupt.isInterrupted)
        }
      }
    }
    // Rows never handed out, when the batch was not interrupted: every worker ended early.
    if !interrupt.isInterrupted {
      for row in queue {
        outcome.lost[row] =
          workers.isEmpty
          ? "no worker process could be started" : "every worker process ended before it"
      }
    }
    return outcome
  }

  /// Sends `slot` the next row, or closes its input when none is left or the batch is ending.
  private func hand(_ queue: inout ArraySlice<Int>, to slot: Slot, interrupt: InterruptWatch) {
    guard !interrupt.isInterrupted, let next = queue.first else {
      slot.process.closeInput()
      return
    }
    if slot.process.send(Data("\(next)\n".utf8)) {
      queue.removeFirst()
      slot.current = next
    } else {
      slot.process.closeInput()
    }
  }

  /// A worker's output ended: reap it, and account for the row it had, if any.
  private func finish(_ slot: Slot, into outcome: inout Outcome, interrupted: Bool) {
    slot.ended = true
    let ending = slot.process.wait()
    guard let row = slot.current, outcome.rows[row] == nil, !interrupted else { return }
    let why: String
    switch ending {
    case .exited(let code): why = "its worker process exited with status \(code)"
    case .signalled(let signal): why = "its worker process was killed by signal \(signal)"
    }
    Terminal.say("chromake: \(dataName) row \(row): failed: \(why)\n")
    outcome.lost[row] = why
  }

  /// A worker and the row it is on.
  private final class Slot {
    let process: WorkerProcess
    var current: Int?
    var ended = false

    init(_ process: WorkerProcess) { self.process = process }

    /// The whole replies that arrived; nil at the end of the worker's output.
    func read() -> [BatchWorkerReply]? {
      process.readLines()?.compactMap { try? JSONDecoder().decode(BatchWorkerReply.self, from: $0) }
    }
  }
}

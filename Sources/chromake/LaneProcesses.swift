import Foundation
import Outputs
import RenderPlan
import Rendering

/// The lanes of a segmented render as processes of their own (`chromake segment-lane`), each
/// sent its run of segments, all at once.
///
/// Processes rather than threads, for the reason batch jobs are (`BatchWorkers`): a process's
/// threads take turns at the GPU driver, so lanes on threads cannot overlap their compositing.
/// Each lane encodes with one libx264 thread, so a segmented render's speed comes from its
/// lanes running side by side. A failed lane stops the others (SIGTERM), which keep the
/// segments they finished; the user's SIGINT or SIGTERM is forwarded once; a lane whose render
/// is gone stops by itself. Every lane has ended when `encode` returns or throws.
struct LaneProcesses: SegmentLaneProcesses {
  func encode(
    _ runs: [SegmentRun], progress: (Int64) -> Void, cancellation: Cancellation
  ) throws -> [SegmentRun.Report] {
    // A lane that dies must not take the render with it when the render next writes to it.
    signal(SIGPIPE, SIG_IGN)
    var lanes: [Lane] = []
    for _ in runs {
      do {
        lanes.append(
          Lane(
            try WorkerProcess(
              executable: WorkerProcess.currentExecutable,
              arguments: ["chromake", "segment-lane", "--of", "\(getpid())"], siblings: runs.count))
        )
      } catch {
        Self.stop(lanes, signal: SIGTERM)
        throw RenderFailure("cannot start a segment lane process: \(error)")
      }
    }
    let encoder = JSONEncoder()
    for (lane, run) in zip(lanes, runs) {
      // A lane that cannot take its order ends without a report, which is its failure.
      if let order = try? encoder.encode(run) { _ = lane.process.send(order + [0x0A]) }
      lane.process.closeInput()
    }
    // The first reason to stop: the user's signal, or the first lane's failure.
    var stopping: (any Error)?
    var signalled = false
    while lanes.contains(where: { !$0.ended }) {
      if stopping == nil {
        do { try cancellation.throwIfRequested() } catch { stopping = error }
      }
      if let stopping, !signalled {
        signalled = true
        let interrupted = stopping as? RenderInterrupted
        for lane in lanes where !lane.ended {
          kill(lane.process.pid, interrupted?.signal ?? SIGTERM)
        }
      }
      var polled = lanes.filter { !$0.ended }.map {
        pollfd(fd: $0.process.output, events: Int16(POLLIN), revents: 0)
      }
      // A short timeout: the interrupt is polled, not signalled.
      if poll(&polled, nfds_t(polled.count), 50) > 0 {
        for entry in polled where entry.revents != 0 {
          guard let lane = lanes.first(where: { $0.process.output == entry.fd }) else { continue }
          if let failure = lane.read(), stopping == nil { stopping = failure }
        }
      }
      progress(lanes.reduce(0) { $0 + $1.frames })
    }
    if let stopping { throw stopping }
    return lanes.compactMap(\.report)
  }

  /// Sends `signal` to the lanes not yet ended and waits for them.
  private static func stop(_ lanes: [Lane], signal: Int32) {
    for lane in lanes where !lane.ended {
      lane.process.closeInput()
      kill(lane.process.pid, signal)
      _ = lane.process.wait()
      lane.ended = true
    }
  }

  /// A lane process and what it has said.
  private final class Lane {
    let process: WorkerProcess
    var ended = false
    var frames: Int64 = 0
    var report: SegmentRun.Report?

    init(_ process: WorkerProcess) { self.process = process }

    /// Takes in what the lane wrote; at the end of its output, reaps it. Returns its failure:
    /// the one it reported, or how it ended without a report.
    func read() -> RenderFailure? {
      guard let lines = process.readLines() else {
        ended = true
        let ending = process.wait()
        guard report == nil else { return nil }
        switch ending {
        case .exited(let code):
          return RenderFailure("a segment lane process exited with status \(code)")
        case .signalled(let signal):
          return RenderFailure("a segment lane process was killed by signal \(signal)")
        }
      }
      var failure: RenderFailure?
      for line in lines {
        guard let message = try? JSONDecoder().decode(SegmentLaneMessage.self, from: line) else {
          continue
        }
        frames = message.frames
        if let done = message.report { report = done }
        if let reported = message.failure { failure = reported }
      }
      return failure
    }
  }
}

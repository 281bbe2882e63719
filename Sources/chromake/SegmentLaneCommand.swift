import ArgumentParser
import Diagnostics
import Foundation
import Outputs
import RenderPlan
import Rendering

/// `chromake segment-lane`, not for people: one lane of a segmented render, in a process of
/// its own (`LaneProcesses` starts it). It reads its `SegmentRun` as JSON on standard input,
/// encodes it with one GPU context and sends `SegmentLaneMessage`s back. It stops, keeping the
/// segments it finished, on SIGINT or SIGTERM (the render forwards its own, and sends SIGTERM
/// when another lane failed) and when the render that started it is gone.
struct SegmentLaneCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "segment-lane",
    abstract: "One lane of a segmented render (started by chromake render).",
    shouldDisplay: false)

  /// The render's process id: a lane whose parent changes was orphaned.
  @Option(help: .hidden)
  var of: Int32?

  func validate() throws {
    guard of != nil else {
      throw ValidationError("segment-lane is started by 'chromake render', with --of its pid")
    }
  }

  func run() throws {
    guard let parent = of else { return }
    InterruptWatch.unblockSignals()
    let watch = InterruptWatch()
    defer { watch.stop() }
    let channel = ParentChannel(parent: parent)
    let order = FileHandle.standardInput.readDataToEndOfFile()
    var sent: Int64 = -1
    do {
      let run = try JSONDecoder().decode(SegmentRun.self, from: order)
      let report = try run.encode(
        progress: { frames in
          guard frames != sent else { return }
          sent = frames
          channel.send(SegmentLaneMessage(frames: frames))
        }, cancellation: watch.cancellation)
      channel.send(SegmentLaneMessage(frames: report.frames, report: report))
    } catch let interrupted as RenderInterrupted {
      throw ExitCode(interrupted.exitCode)
    } catch {
      let failure = error as? RenderFailure ?? RenderFailure(ErrorReason.of(error))
      channel.send(SegmentLaneMessage(frames: max(sent, 0), failure: failure))
      throw ExitCode.failure
    }
  }
}

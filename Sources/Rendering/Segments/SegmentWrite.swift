import Builds
import Foundation
import Media
import Outputs
import RenderPlan

/// One segment being encoded: its own encoder (with `SegmentEncoding.encoderThreads`), on
/// its own thread, into a temporary file renamed to the segment's name only when the segment
/// is whole, after the record of its bytes' SHA-256 (`record`). The lock on its index is held
/// until then.
final class SegmentWrite {
  let index: Int
  let writer: MovieWriter
  private let staged: StagedOutput
  private let record: String
  private let stage: EncodeStage
  private let claim: SegmentClaim
  /// Stops hashing the finished file.
  private let cancellation: Cancellation

  /// Starts encoding segment `index` of `plan` into `target`.
  init(
    index: Int, target: String, record: String, plan: RenderPlan, claim: SegmentClaim,
    cancellation: Cancellation
  ) throws {
    self.cancellation = cancellation
    self.index = index
    self.claim = claim
    self.record = record
    let output = plan.output
    // A pipe, link or socket at either name is replaced by the rename; an empty folder is
    // removed first.
    try FolderEntry.clearForFile(target)
    try FolderEntry.clearForFile(record)
    staged = try StagedOutput(target: target)
    do {
      writer = try MovieWriter(
        path: staged.temporaryPath, format: output.format,
        video: VideoEncoding(
          width: output.width, height: output.height, fps: output.fps,
          threads: SegmentEncoding.encoderThreads))
    } catch {
      staged.discard()
      throw RenderFailure("cannot start encoding segment \(index): \(error)")
    }
    stage = EncodeStage(writer: writer, audio: nil, cancellation: cancellation)
    stage.start()
  }

  /// Hands the encoder its next frame; false once the encoder has failed.
  func push(_ frame: EncoderFrame) throws {
    guard stage.queue.push(frame) else {
      throw stage.error ?? RenderFailure("encoding segment \(index) stopped")
    }
  }

  /// Waits for the encoder to write every frame, finishes the file and renames it into place.
  func finish() throws {
    stage.queue.close()
    stage.join()
    defer { claim.release() }
    do {
      if let error = stage.error { throw error }
      do {
        try writer.finish()
      } catch {
        throw RenderFailure("cannot finish segment \(index): \(error)")
      }
      try writeRecord()
      try staged.commit()
    } catch {
      staged.discard()
      throw error
    }
  }

  /// Puts the record of the finished file's bytes in place, before the file itself: a
  /// segment is never found without it, and one whose record is new but whose file is old
  /// does not match it and is encoded again.
  private func writeRecord() throws {
    guard let hash = try FolderEntry.sha256(staged.temporaryPath, cancellation: cancellation) else {
      throw RenderFailure("cannot read back segment \(index) to record its bytes")
    }
    let name = OutputPath.split(staged.target).name
    let text = SegmentFileState.recordText(hash: hash, of: name)
    do {
      try FolderEntry.writeRecord(Data(text.utf8), to: record)
    } catch {
      throw RenderFailure("cannot record segment \(index)'s bytes in '\(record)': \(error)")
    }
  }
  /// Stops the encoder and deletes the temporary file.
  func abandon() {
    stage.queue.abandon()
    stage.join()
    staged.discard()
    claim.release()
  }
}

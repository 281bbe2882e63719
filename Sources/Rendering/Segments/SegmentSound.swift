import Foundation
import Media
import Mixing
import Outputs
import RenderPlan
import Timeline

/// A segmented output's sound: the whole timeline mixed, measured and AAC-encoded once, into
/// `sound-<digest>.m4a` in the segment folder, which every join copies into the movie. Its
/// digest covers everything the sound is a function of, so a rerender whose sound did not
/// change (a caption fixed) joins the file as it is, and says what the render that made it
/// said (`sound-<digest>.json`: the loudness measurement and the sound's warnings).
///
/// Made on a thread of its own while the segments are encoded, so it costs a cold render no
/// time of its own where there are cores to spare.
final class SegmentSound: @unchecked Sendable {
  private let plan: RenderPlan
  /// The encoded sound.
  let file: String
  /// What making it found.
  let reportFile: String

  /// What a render reports about its sound, and the SHA-256 of the file it wrote: a later
  /// join copies the file only while its bytes are still those.
  struct Report: Codable, Sendable {
    var loudness: LoudnessReport?
    var warnings: [RenderFailure]
    var sha256: String
  }

  /// The largest report read: its warnings are few lines each.
  static let maximumReportBytes = 16 << 20

  init(plan: RenderPlan, folder: SegmentFolder, digest: String) {
    self.plan = plan
    file = folder.soundFile(digest: digest)
    reportFile = folder.soundReport(digest: digest)
  }

  /// The report of a sound already made, nil when it must be made: when its file or report
  /// is missing or not a regular file, or the file's bytes are not those the report records.
  /// Hashing the file stops once `cancellation` is requested.
  func existing(cancellation: Cancellation) throws -> Report? {
    guard case .file = FolderEntry.at(file),
      let data = FolderEntry.contents(reportFile, limit: Self.maximumReportBytes),
      let report = try? JSONDecoder().decode(Report.self, from: data),
      try FolderEntry.sha256(file, cancellation: cancellation) == report.sha256
    else { return nil }
    return report
  }

  /// Why the sound is made again though a file of its name is there (its bytes changed, or
  /// something else took its name), for `render --explain`; nil when there is none.
  func reasonToRemake() -> String? {
    switch FolderEntry.at(file) {
    case .missing: nil
    case .file: "its file's bytes are not those it was written with, or its report is missing"
    case let entry: "\(entry.kind) is where its file should be"
    }
  }

  /// Mixes and encodes the sound into its file (renamed into place whole), and writes its
  /// report; `checkCancelled` throws to stop, and `cancellation` stops hashing the file made.
  func make(cancellation: Cancellation, checkCancelled: @escaping () throws -> Void) throws
    -> Report
  {
    guard let audio = AudioTimeline(plan: plan) else {
      throw RenderFailure("the plan has no sound to encode")
    }
    audio.checkCancelled = checkCancelled
    try FolderEntry.clearForFile(file)
    try FolderEntry.clearForFile(reportFile)
    let staged = try StagedOutput(target: file)
    do {
      let writer: SoundWriter
      do {
        writer = try SoundWriter(
          path: staged.temporaryPath, container: plan.output.format.container,
          audio: AudioEncoding(plan: plan))
      } catch {
        throw RenderFailure("cannot start encoding the sound: \(error)")
      }
      // A second of sound at a time, so a signal is seen soon.
      let step = max(1, TimeGrid.firstFrame(atOrAfter: Rational(1), fps: plan.output.fps))
      var frame: Int64 = 0
      while frame < plan.output.frameCount {
        try checkCancelled()
        frame = min(frame + step, plan.output.frameCount)
        try audio.write(throughFrame: frame - 1, to: writer)
      }
      try audio.finish(to: writer)
      do {
        try writer.finish()
      } catch {
        throw RenderFailure("cannot finish encoding the sound: \(error)")
      }
      guard let hash = try FolderEntry.sha256(staged.temporaryPath, cancellation: cancellation)
      else {
        throw RenderFailure("cannot read back the encoded sound to record its bytes")
      }
      let report = Report(loudness: audio.loudness, warnings: audio.warnings, sha256: hash)
      // The report first: a sound file without its report is made again, never joined
      // without what its render said. Keys sorted, so the same sound's report has the same
      // bytes on every run, as the segments beside it do.
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      try FolderEntry.writeStaged(try encoder.encode(report), to: reportFile)
      try staged.commit()
      return report
    } catch {
      staged.discard()
      throw error
    }
  }
}

import Foundation
import Media
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

  /// What a render reports about its sound.
  struct Report: Codable, Sendable {
    var loudness: LoudnessReport?
    var warnings: [RenderFailure]
  }

  init(plan: RenderPlan, folder: SegmentFolder, digest: String) {
    self.plan = plan
    file = folder.soundFile(digest: digest)
    reportFile = folder.soundReport(digest: digest)
  }

  /// The report of a sound already made, nil when it must be made.
  var existing: Report? {
    guard FileManager.default.fileExists(atPath: file),
      let data = FileManager.default.contents(atPath: reportFile)
    else { return nil }
    return try? JSONDecoder().decode(Report.self, from: data)
  }

  /// Mixes and encodes the sound into its file (renamed into place whole), and writes its
  /// report; `checkCancelled` throws to stop.
  func make(checkCancelled: @escaping () throws -> Void) throws -> Report {
    guard let audio = AudioTimeline(plan: plan) else {
      throw RenderFailure("the plan has no sound to encode")
    }
    audio.checkCancelled = checkCancelled
    let staged = try StagedOutput(target: file)
    do {
      let writer: SoundWriter
      do {
        writer = try SoundWriter(
          path: staged.temporaryPath, container: plan.output.format.container,
          audio: AudioTimeline.encoding(plan))
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
      let report = Report(loudness: audio.loudness, warnings: audio.warnings)
      // The report first: a sound file without its report is made again, never joined
      // without what its render said.
      try JSONEncoder().encode(report).write(
        to: URL(fileURLWithPath: reportFile), options: .atomic)
      try staged.commit()
      return report
    } catch {
      staged.discard()
      throw error
    }
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite(
  "chromake render: frame count, timestamps, and the source frame on every output frame",
  .tags(.endToEnd))
struct RenderTimingFrameTests {
  /// An output rate and duration rule, with the frame count the rule gives, worked by hand.
  struct CountCase: Sendable, CustomTestStringConvertible {
    var fps: Ratio
    var clip: TimedClip
    var length: TimedProject.Length
    var frames: Int
    var testDescription: String {
      "\(fps) fps, duration \(length.yaml), a \(clip.frames)-frame \(clip.rate) fps clip"
    }
  }

  static let countCases = [
    // 2 s × 30 = 60.
    CountCase(
      fps: Ratio(30), clip: fullFrame(rate: "30", frames: 60), length: .longest, frames: 60),
    // 2 s × 30000/1001 = 59.94 → 60, at k·1001/30000 s.
    CountCase(
      fps: Ratio(30000, 1001), clip: fullFrame(rate: "30", frames: 60), length: .longest,
      frames: 60),
    // 1.5 s × 30000/1001 = 44.96 → 45.
    CountCase(
      fps: Ratio(30000, 1001), clip: fullFrame(rate: "30", frames: 60),
      length: .exactly(.ms(1500)), frames: 45),
    // 1.25 s × 24 = 30, from a 25 fps clip.
    CountCase(
      fps: Ratio(24), clip: fullFrame(rate: "25", frames: 50), length: .exactly(.ms(1250)),
      frames: 30),
    // 1 s × 60 = 60, from a 25 fps clip.
    CountCase(
      fps: Ratio(60), clip: fullFrame(rate: "25", frames: 25), length: .longest, frames: 60),
  ]

  /// A barcode clip that fills the 160 × 96 output, so it is drawn one to one.
  static func fullFrame(rate: String, frames: Int) -> TimedClip {
    .barcode("clip.mp4", rate: rate, frames: frames, width: 160, height: 96)
  }

  @Test(
    "the movie has round(D × fps) frames at exactly k/fps, tagged with the project's rate",
    arguments: countCases)
  func frameCountAndTimestamps(_ example: CountCase) throws {
    try withScratchFolder { folder in
      let project = TimedProject(
        fps: example.fps, length: example.length, video: nil,
        layers: [TimedLayer(name: "clip", clip: example.clip)])
      #expect(project.frameCount == example.frames, "the test's own rule disagrees with the case")
      let movie = try project.render(in: folder)
      let stream = try TimingCheck.probe(movie)

      #expect(stream.timestamps.count == example.frames)
      #expect(stream.frameCountTag == example.frames)
      let misplaced = TimingCheck.misplacedTimestamps(stream, fps: example.fps)
      TimingCheck.expectNone(misplaced, "timestamps: ")
      #expect(Ratio(stream.frameRate) == example.fps, "r_frame_rate \(stream.frameRate)")
      #expect(
        Ratio(stream.averageFrameRate) == example.fps, "avg_frame_rate \(stream.averageFrameRate)")
      let duration = stream.durationTicks.map { Ratio($0) * stream.timeBase }
      #expect(
        duration == Ratio(example.frames) / example.fps,
        "stream duration \(String(describing: duration)) s")
    }
  }

  /// A source rate into an output rate.
  struct RateCase: Sendable, CustomTestStringConvertible {
    var source: String
    var frames: Int
    var fps: Ratio
    var testDescription: String { "\(source) fps into \(fps) fps" }
  }

  static let rateCases = [
    RateCase(source: "30", frames: 60, fps: Ratio(30)),
    RateCase(source: "25", frames: 50, fps: Ratio(30)),
    RateCase(source: "24", frames: 48, fps: Ratio(30)),
    RateCase(source: "60", frames: 120, fps: Ratio(30)),
    RateCase(source: "30000/1001", frames: 60, fps: Ratio(30)),
    RateCase(source: "30", frames: 60, fps: Ratio(30000, 1001)),
    RateCase(source: "25", frames: 50, fps: Ratio(24)),
  ]

  @Test(
    "output frame k shows the source frame with the greatest time ≤ k/fps + 1 ms, from frame 0",
    arguments: rateCases)
  func sourceFrameOnEveryOutputFrame(_ example: RateCase) throws {
    try withScratchFolder { folder in
      let layer = TimedLayer(
        name: "clip", clip: Self.fullFrame(rate: example.source, frames: example.frames))
      let project = TimedProject(fps: example.fps, layers: [layer])
      let movie = try BarcodeVideo.DecodedMovie(
        decoding: try project.render(in: folder), width: 160, height: 96)

      #expect(movie.count == project.frameCount)
      #expect(movie.number(0, x: 0, y: 0) == 0, "frame 0 must be the source's first frame")
      let wrong = TimingCheck.mismatches(
        in: movie, x: 0, y: 0, greys: .codesOnly
      ) { project.shown(atFrame: $0, covering: [layer]) }
      TimingCheck.expectNone(wrong)
    }
  }
}

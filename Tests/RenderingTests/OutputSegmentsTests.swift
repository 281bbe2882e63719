import PlanValues
import Testing
import Timeline

@testable import RenderPlan

/// `output.segment` cuts the frames on the time grid: piece `i` holds exactly the frames whose
/// times lie in `i·L ..< (i+1)·L`, the pieces cover every frame once, and the last is shorter.
@Suite("output segments: pieces on the time grid")
struct OutputSegmentsTests {
  static func output(fps: Rational, frames: Int64, segment: Rational?) -> OutputPlan {
    OutputPlan(
      file: "out.mp4",
      format: OutputFormat(container: .mp4, video: .h264, crf: 20, preset: "medium", audio: .aac),
      formatChoice: OutputFormatChoice(), width: 16, height: 16, fps: fps, frameCount: frames,
      duration: Rational(frames) / fps, durationRule: "explicit",
      background: .color(.black),
      audio: AudioEncodingPlan(
        sampleRate: 48000, channels: 2, bitrate: 192_000, limiter: nil, loudness: nil,
        sampleCount: 0),
      segment: segment)
  }

  struct Grid: Sendable, CustomTestStringConvertible {
    var fps: Rational
    var frames: Int64
    var length: Rational
    var testDescription: String { "\(frames) frames at \(fps) fps in \(length) s pieces" }
  }

  static let grids = [
    Grid(fps: Rational(30), frames: 301, length: Rational(2)),
    Grid(fps: Rational(30000, 1001), frames: 1000, length: Rational(2)),
    Grid(fps: Rational(25), frames: 99, length: Rational(1, 2)),
    Grid(fps: Rational(24000, 1001), frames: 500, length: Rational(7, 3)),
  ]

  @Test("every frame in exactly one piece, the one its time falls in", arguments: grids)
  func grid(_ grid: Grid) {
    let (fps, frames, length) = (grid.fps, grid.frames, grid.length)
    let pieces = Self.output(fps: fps, frames: frames, segment: length).segments
    #expect(pieces.first?.first == 0)
    #expect(pieces.last?.end == frames)
    for (index, piece) in pieces.enumerated() {
      #expect(piece.count > 0)
      if index > 0 { #expect(piece.first == pieces[index - 1].end) }
      for k in [piece.first, piece.end - 1] {
        let time = TimeGrid.time(ofFrame: k, fps: fps)
        let i = Rational(Int64(index))
        #expect(time >= i * length && time < (i + Rational(1)) * length)
      }
    }
  }

  @Test("no segment, no pieces; a segment longer than the output, one piece")
  func edges() {
    #expect(Self.output(fps: Rational(30), frames: 90, segment: nil).segments.isEmpty)
    #expect(
      Self.output(fps: Rational(30), frames: 90, segment: Rational(60)).segments
        == [FrameRange(first: 0, end: 90)])
  }
}

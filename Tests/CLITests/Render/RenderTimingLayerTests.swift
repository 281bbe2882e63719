import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite(
  "chromake render: start, in, out, duration, loop, after_end and output.duration", .tags(.endToEnd)
)
struct RenderTimingLayerTests {
  /// The scene every case shares, 160 × 96: a grey plate over the top 64 rows, a code-sized
  /// barcode layer in a box on it, and the bottom 32 rows left to the background.
  enum Scene {
    static let codeBox = [16, 24, BarcodeVideo.codeWidth, BarcodeVideo.codeHeight]
    /// Covered by the plate alone, never by the barcode layer.
    static let plateOnly = (x: 120, y: 8)
    /// Covered by no layer.
    static let backgroundOnly = (x: 32, y: 72)

    static func plate(frames: Int = 60) -> TimedLayer {
      TimedLayer(
        name: "plate",
        clip: .plate("plate.mp4", rate: "30", frames: frames, width: 160, height: 64),
        box: [0, 0, 160, 64])
    }

    static func codes(rate: String, frames: Int) -> TimedClip {
      .barcode("codes.mp4", rate: rate, frames: frames)
    }
  }

  /// A barcode layer's timing keys over the plate, and how the output's length is chosen.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var layer: TimedLayer
    var plate = Scene.plate()
    var length = TimedProject.Length.longest
    var testDescription: String { name }
  }

  static func layer(
    _ clip: TimedClip, start: Ratio? = nil, inPoint: Ratio? = nil, outPoint: Ratio? = nil,
    duration: Ratio? = nil, loop: Bool = false, afterEnd: String? = nil
  ) -> TimedLayer {
    TimedLayer(
      name: "codes", clip: clip, box: Scene.codeBox, start: start, inPoint: inPoint,
      outPoint: outPoint, duration: duration, loop: loop, afterEnd: afterEnd)
  }

  static let cases = [
    Case(
      name: "start: hidden before 0.5 s, the plate shows there",
      layer: layer(Scene.codes(rate: "30", frames: 30), start: .ms(500))),
    Case(
      name: "start off the frame grid (0.51 s) with a 25 fps clip",
      layer: layer(Scene.codes(rate: "25", frames: 25), start: .ms(510))),
    Case(
      name: "in and out trim a 25 fps clip to 0.3 s…0.9 s, starting at 0.2 s",
      layer: layer(
        Scene.codes(rate: "25", frames: 40), start: .ms(200), inPoint: .ms(300),
        outPoint: .ms(900))),
    Case(
      name: "duration 0.7 s cuts a 24 fps clip short",
      layer: layer(
        Scene.codes(rate: "24", frames: 48), inPoint: .ms(100), duration: .ms(700))),
    Case(
      name: "loop wraps to in (0.2 s) after out (0.7 s) until the plate ends",
      layer: layer(
        Scene.codes(rate: "30", frames: 30), start: .ms(100), inPoint: .ms(200),
        outPoint: .ms(700), loop: true)),
    Case(
      name: "loop of a 25 fps clip off its frame grid (0.12 s…0.52 s) for 1.5 s",
      layer: layer(
        Scene.codes(rate: "25", frames: 25), inPoint: .ms(120), outPoint: .ms(520),
        duration: .ms(1500), loop: true)),
    Case(
      name: "after_end hold keeps a 25 fps clip's last frame, trimmed by in, until 1.5 s",
      layer: layer(
        Scene.codes(rate: "25", frames: 20), start: .ms(300), inPoint: .ms(200),
        duration: .ms(1200), afterEnd: "hold")),
    Case(
      name: "after_end hold keeps the clip's last frame",
      layer: layer(
        Scene.codes(rate: "30", frames: 24), duration: .ms(1500), afterEnd: "hold")),
    Case(
      name: "after_end hide shows the plate once the clip has ended",
      layer: layer(
        Scene.codes(rate: "30", frames: 24), duration: .ms(1500), afterEnd: "hide")),
    Case(
      name: "output.duration shortest ends with the layer that ends first (1.2 s)",
      layer: layer(Scene.codes(rate: "30", frames: 30), start: .ms(200)),
      length: .shortest),
    Case(
      name: "an explicit output.duration (0.7 s) cuts every layer",
      layer: layer(Scene.codes(rate: "30", frames: 30)), length: .exactly(.ms(700))),
    Case(
      name: "an explicit output.duration past every layer (2.5 s) ends on the background",
      layer: layer(Scene.codes(rate: "25", frames: 25), start: .ms(400)),
      length: .exactly(.ms(2500))),
  ]

  @Test(
    "the box shows the source frame the timing rule names, else what lies under it",
    arguments: cases)
  func layerTiming(_ example: Case) throws {
    try withScratchFolder { folder in
      let project = TimedProject(length: example.length, layers: [example.plate, example.layer])
      let path = try project.render(in: folder)
      let movie = try BarcodeVideo.DecodedMovie(decoding: path, width: 160, height: 96)
      #expect(movie.count == project.frameCount)
      #expect(try TimingCheck.probe(path).timestamps.count == project.frameCount)

      let greys = try Self.greys(of: movie)
      let wrong = TimingCheck.mismatches(
        in: movie, x: Scene.codeBox[0], y: Scene.codeBox[1], greys: greys
      ) { project.shown(atFrame: $0, covering: [example.plate, example.layer]) }
      TimingCheck.expectNone(wrong, "--- project:\n\(project.yaml)---\n")
    }
  }

  /// The plate's and the background's greys, read where only they show on frame 0; they must
  /// be flat and far apart, or the checks could not tell them apart.
  static func greys(of movie: BarcodeVideo.DecodedMovie) throws -> TimingCheck.Greys {
    let plate = movie.flatness(0, x: Scene.plateOnly.x, y: Scene.plateOnly.y, width: 32, height: 48)
    let background = movie.flatness(
      0, x: Scene.backgroundOnly.x, y: Scene.backgroundOnly.y, width: 96, height: 16)
    #expect(plate.spread <= TimingCheck.flatTolerance, "the plate is not flat")
    #expect(background.spread <= TimingCheck.flatTolerance, "the background is not flat")
    try #require(abs(plate.mean - background.mean) > 50, "plate and background look alike")
    return TimingCheck.Greys(plate: plate.mean, background: background.mean)
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite("chromake render: several layers, each on its own clock, stacked in order", .tags(.endToEnd))
struct RenderTimingStackTests {
  /// A 25 fps clip filling the frame, its code in the top band, under a 29.97 fps clip in a
  /// box lower down, trimmed with `in`; both run the whole 2 s.
  static func twoClocks() -> (project: TimedProject, bottom: TimedLayer, top: TimedLayer) {
    let bottom = TimedLayer(
      name: "bottom",
      clip: .barcode("bottom.mp4", rate: "25", frames: 50, width: 160, height: 96))
    let top = TimedLayer(
      name: "top", clip: .barcode("top.mp4", rate: "30000/1001", frames: 66, first: 2000),
      box: [32, 56, BarcodeVideo.codeWidth, BarcodeVideo.codeHeight], inPoint: .ms(200))
    return (TimedProject(layers: [bottom, top]), bottom, top)
  }

  @Test("two layers at 25 and 29.97 fps each show their own timing rule's frame on every frame")
  func twoLayersAtDifferentRates() throws {
    try withScratchFolder { folder in
      let (project, bottom, top) = Self.twoClocks()
      let movie = try BarcodeVideo.DecodedMovie(
        decoding: try project.render(in: folder), width: 160, height: 96)
      #expect(movie.count == project.frameCount)

      let wrongBottom = TimingCheck.mismatches(in: movie, x: 0, y: 0, greys: .codesOnly) {
        project.shown(atFrame: $0, covering: [bottom])
      }
      TimingCheck.expectNone(wrongBottom, "bottom layer: ")
      let wrongTop = TimingCheck.mismatches(in: movie, x: 32, y: 56, greys: .codesOnly) {
        project.shown(atFrame: $0, covering: [bottom, top])
      }
      TimingCheck.expectNone(wrongTop, "top layer: ")
    }
  }

  /// 480 × 96 holds a grid of 5 × 4 code-sized cells, 24 rows apart.
  static func cell(_ index: Int) -> (x: Int, y: Int) {
    (x: index % 5 * 96, y: index / 5 * 24 + 4)
  }

  /// Twenty layers, more than one pass's worth of texture units (3 each): layers 0…18 each in
  /// their own cell, at 30, 25 or 24 fps, starting 50 ms apart and numbered from `100 × i`;
  /// layer 19 lies over layer 2's cell from 0.5 s. Cell 19 stays empty.
  static func twentyLayers() -> TimedProject {
    let rates = ["30", "25", "24"]
    var layers = (0..<19).map { index in
      let rate = rates[index % 3]
      let (x, y) = cell(index)
      return TimedLayer(
        name: "layer\(index)",
        clip: .barcode("clip\(index).mp4", rate: rate, frames: Int(rate)!, first: 100 * index),
        box: [x, y, BarcodeVideo.codeWidth, BarcodeVideo.codeHeight], start: .ms(50 * index))
    }
    let (x, y) = cell(2)
    layers.append(
      TimedLayer(
        name: "layer19", clip: .barcode("clip19.mp4", rate: "30", frames: 30, first: 1900),
        box: [x, y, BarcodeVideo.codeWidth, BarcodeVideo.codeHeight], start: .ms(500)))
    return TimedProject(width: 480, height: 96, length: .exactly(.ms(1000)), layers: layers)
  }

  @Test("twenty layers: every cell shows its layer's frame, and the later layer is on top")
  func twentyLayersInOrder() throws {
    try withScratchFolder { folder in
      let project = Self.twentyLayers()
      let movie = try BarcodeVideo.DecodedMovie(
        decoding: try project.render(in: folder), width: 480, height: 96)
      #expect(movie.count == project.frameCount)

      let empty = Self.cell(19)
      let background = movie.flatness(
        0, x: empty.x, y: empty.y, width: BarcodeVideo.codeWidth,
        height: BarcodeVideo.codeHeight)
      #expect(background.spread <= TimingCheck.flatTolerance, "the empty cell is not flat")
      let greys = TimingCheck.Greys(plate: -1, background: background.mean)
      for index in 0..<19 {
        let covering = project.layers.filter { $0.box == project.layers[index].box }
        let (x, y) = Self.cell(index)
        let wrong = TimingCheck.mismatches(in: movie, x: x, y: y, greys: greys) {
          project.shown(atFrame: $0, covering: covering)
        }
        let names = covering.map(\.name).joined(separator: " under ")
        TimingCheck.expectNone(wrong, "cell \(index) (\(names)): ")
      }
      // Layer 19 draws in a later pass than layer 2 and must cover it from 0.5 s (frame 15).
      // Frame 14 (0.467 s) still shows layer 2, 24 fps from 0.1 s: frame ⌊0.367 s × 24⌋ = 8.
      #expect(movie.number(14, x: Self.cell(2).x, y: Self.cell(2).y) == 208)
      #expect(movie.number(15, x: Self.cell(2).x, y: Self.cell(2).y) == 1900)
    }
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Image, fill and text layers have no natural end: they last until the output ends, or for
/// their own `duration`; alone they cannot set the output's length.
@Suite("Render still layers: timing", .tags(.endToEnd))
struct RenderStillTimingTests {
  @Test("a fill alone with output.duration 3s gives 30 frames, all filled")
  func explicitDuration() throws {
    try withScratchFolder { folder in
      let yaml = StillProject.yaml(
        size: "64x48", duration: "3s", layers: "  - { name: card, fill: \"#E0C040\" }")
      let frames = try StillProject.frames(yaml, in: folder)
      try #require(frames.count == 30)
      let card = YCbCrCoding.output.codes(rgb8(0xE0, 0xC0, 0x40))
      let rect = PixelRect(x: 0, y: 0, width: 64, height: 48)
      for k in [0, 29] {
        #expect(frames[k].worstDeviation(in: rect, from: card) <= 2, "frame \(k)")
      }
    }
  }

  static let stillLayers = """
      - { name: logo, image: logo.png }
      - { name: title, text: Hello }
    """

  @Test("only image and text layers and no output.duration: undetermined-duration at output")
  func undeterminedWithoutDuration() throws {
    try withScratchFolder { folder in
      try StillMedia.write("logo.png", in: folder, width: 16, height: 16) { _, _ in RGBA8(9, 9, 9) }
      let run = try StillProject.run(
        "check", StillProject.yaml(size: "64x48", layers: Self.stillLayers), in: folder)
      #expect(run.status == 65)
      // The output mapping is where the missing duration belongs: its first key, line 3.
      #expect(
        run.stderr.contains("project.yaml:3:3: error: output.duration cannot be determined"),
        "\(run.stderr)")
      #expect(run.stderr.contains("[undetermined-duration]"), "\(run.stderr)")
    }
  }

  @Test("only image and text layers and duration: longest: undetermined-duration at the value")
  func undeterminedLongest() throws {
    try withScratchFolder { folder in
      try StillMedia.write("logo.png", in: folder, width: 16, height: 16) { _, _ in RGBA8(9, 9, 9) }
      let yaml = StillProject.yaml(size: "64x48", duration: "longest", layers: Self.stillLayers)
      let run = try StillProject.run("check", yaml, in: folder)
      #expect(run.status == 65)
      let at = try #require(StillProject.position(of: "longest", in: yaml))
      #expect(
        run.stderr.contains("project.yaml:\(at.line):\(at.column): error: "), "\(run.stderr)")
      #expect(run.stderr.contains("[undetermined-duration]"), "\(run.stderr)")
    }
  }

  @Test("a text layer with duration 1s leaves a 2 s plate after 1 s")
  func textDuration() throws {
    try withScratchFolder { folder in
      let coding = YCbCrCoding(matrix: .bt709, fullRange: false)
      let grey = SIMD3(0.15, 0.15, 0.15)
      try TestVideo.write("plate.mp4", in: folder, count: 20, coding: coding) { _ in
        .flat(width: 160, height: 96, grey)
      }
      let layers = """
          - { name: plate, source: plate.mp4 }
          - { name: title, text: HELLO, font: "DejaVu Sans Bold 32", duration: 1s }
        """
      let frames = try RenderedMovie.frames(
        PictureProject.render(PictureProject.yaml(size: "160x96", layers: layers), in: folder),
        in: folder)
      try #require(frames.count == 20)
      let plate = YCbCrCoding.output.codes(coding.decoded(grey))
      let all = PixelRect(x: 0, y: 0, width: 160, height: 96)
      for (k, frame) in frames.enumerated() {
        let ink = Ink(in: frame, plateLuma: plate.x)
        if k < 10 {
          #expect(ink.count > 200, "frame \(k) shows the text: \(ink)")
        } else {
          #expect(frame.worstDeviation(in: all, from: plate) <= 2, "frame \(k) shows the plate")
        }
      }
    }
  }
}

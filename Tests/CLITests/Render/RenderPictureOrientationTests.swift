import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Rotation metadata and non-square pixels are applied before `fit`, as a player shows them
/// (docs/ARCHITECTURE.md, Video path).
@Suite("Render pictures: rotation metadata and sample aspect ratio", .tags(.endToEnd))
struct RenderPictureOrientationTests {
  /// A 320×240 picture with a different colour in each quadrant.
  static func quadrants() -> TestPicture {
    let colors = [SIMD3(0.9, 0.1, 0.1), SIMD3(0.1, 0.8, 0.2), SIMD3(0.15, 0.2, 0.9), .one]
    return TestPicture(width: 320, height: 240) { x, y in
      colors[(y / 120) * 2 + x / 160]
    }
  }

  /// Mean R′G′B′ of each quadrant's middle half in a `width` × `height` rgb24 picture:
  /// top left, top right, bottom left, bottom right.
  static func quadrantMeans(_ rgb: [UInt8], width: Int, height: Int) -> [SIMD3<Double>] {
    let (qw, qh) = (width / 2, height / 2)
    return [(0, 0), (1, 0), (0, 1), (1, 1)].map { qx, qy in
      var sum = SIMD3<Double>.zero
      let (x0, y0) = (qx * qw + qw / 4, qy * qh + qh / 4)
      for y in y0..<(y0 + qh / 2) {
        for x in x0..<(x0 + qw / 2) {
          let i = (y * width + x) * 3
          sum += SIMD3(Double(rgb[i]), Double(rgb[i + 1]), Double(rgb[i + 2]))
        }
      }
      return sum / Double((qw / 2) * (qh / 2))
    }
  }

  /// Where the top-left quadrant lands (0 top left, 1 top right, 2 bottom left, 3 bottom
  /// right) when the picture turns counter-clockwise by `degrees`.
  static func quadrantOfTopLeft(counterClockwise degrees: Int) -> Int {
    switch (degrees % 360 + 360) % 360 {
    case 90: 2
    case 180: 3
    case 270: 1
    default: 0
    }
  }

  @Test(
    "a rotated source shows as FFmpeg's autorotation shows it",
    arguments: [90, 180, 270])
  func rotation(_ degrees: Int) throws {
    try withScratchFolder { folder in
      let plain = try TestVideo.still("plain.mp4", in: folder, Self.quadrants())
      // FFmpeg 5.1 writes a display matrix for a `rotate` tag when it copies the stream.
      try FFmpegCommand.ffmpeg([
        "-i", folder.path(plain), "-c", "copy", "-metadata:s:v:0", "rotate=\(degrees)",
        folder.path("rotated.mp4"),
      ])
      let sideData = try FFmpegCommand.ffprobe([
        "-select_streams", "v:0", "-show_entries", "stream_side_data=rotation", "-of",
        "default=noprint_wrappers=1:nokey=1", folder.path("rotated.mp4"),
      ])
      let counterClockwise = try #require(
        Int(sideData.trimmingCharacters(in: .whitespacesAndNewlines)),
        "the generator wrote no display matrix: \(sideData)")
      // FFmpeg's own view: it rotates by default when it decodes.
      let (width, height) = degrees == 180 ? (320, 240) : (240, 320)
      let expected = try RenderedMovie.rgb24(folder.path("rotated.mp4"), in: folder)
      try #require(expected.count == width * height * 3, "FFmpeg shows another size")
      let movie = try PictureProject.render(
        PictureProject.yaml(
          size: "\(width)x\(height)", layers: "  - { name: turned, source: rotated.mp4 }"),
        in: folder)
      let got = try RenderedMovie.rgb24(movie, in: folder)
      let want = Self.quadrantMeans(expected, width: width, height: height)
      let have = Self.quadrantMeans(got, width: width, height: height)
      for (index, (w, h)) in zip(want, have).enumerated() {
        #expect(
          (w - h).max() <= 4 && (h - w).max() <= 4,
          "\(degrees)°, quadrant \(index): FFmpeg shows \(w), chromake \(h)")
      }
      // Independently of FFmpeg's autorotation: the display matrix turns the picture
      // counter-clockwise by the angle ffprobe reports, which carries the red top left here.
      let red = have[Self.quadrantOfTopLeft(counterClockwise: counterClockwise)]
      #expect(red.x > 150 && red.y < 100 && red.z < 100, "\(counterClockwise)°: \(have)")
    }
  }

  @Test("pixels twice as wide as tall show twice as wide")
  func sampleAspectRatio() throws {
    try withScratchFolder { folder in
      // 160×240 stored at 2:1 is 320×240 (4:3) displayed: red left half, blue right half.
      let red = SIMD3(0.9, 0.1, 0.1)
      let blue = SIMD3(0.15, 0.2, 0.9)
      let name = try TestVideo.still(
        "wide.mp4", in: folder, extra: ["-vf", "setsar=2"],
        TestPicture(width: 160, height: 240) { x, _ in x < 80 ? red : blue })
      try #require(try TestVideo.probe("sample_aspect_ratio", of: folder.path(name)) == "2:1")
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(
          size: "480x240", background: "#000000",
          layers: "  - { name: wide, source: \(name), fit: contain }"),
        in: folder)
      let coding = YCbCrCoding(matrix: .bt709, fullRange: false)
      let black = YCbCrCoding.output.codes(.zero)
      // Contained in 480×240, the 4:3 picture is 320 wide: bars of 80 either side.
      let (shownRed, shownBlue) = (
        YCbCrCoding.output.codes(coding.decoded(red)),
        YCbCrCoding.output.codes(coding.decoded(blue))
      )
      let regions: [(PixelRect, SIMD3<Double>, String)] = [
        (PixelRect(x: 0, y: 0, width: 80, height: 240), black, "left bar"),
        (PixelRect(x: 80, y: 0, width: 160, height: 240), shownRed, "red half"),
        (PixelRect(x: 240, y: 0, width: 160, height: 240), shownBlue, "blue half"),
        (PixelRect(x: 400, y: 0, width: 80, height: 240), black, "right bar"),
      ]
      for (rect, expected, region) in regions {
        let inner = rect.inset(4)
        #expect(
          frame.worstDeviation(in: inner, from: expected) <= 2,
          "\(region) \(inner): expected \(expected), got \(frame.mean(in: inner))")
      }
    }
  }
}

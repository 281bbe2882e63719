import Foundation
import Media
import TestSupport
import Testing

@Suite("Probing rotation")
struct RotationProbeTests {
  /// Checks the probe's rotation against FFmpeg's own auto-rotation: a white mark in the
  /// top-left corner of the coded picture is found again in the picture `ffmpeg` displays,
  /// and the corner it lands in says which clockwise turn FFmpeg applied.
  @Test("rotation agrees with ffmpeg's auto-rotation", arguments: [nil, "90", "180", "270"])
  func rotation(tag: String?) throws {
    try withScratchFolder { folder in
      let coded = folder.path("coded.mp4")
      let tagged = folder.path("tagged.mp4")
      try FFmpegCommand.ffmpeg(
        [
          "-f", "lavfi", "-i",
          "color=black:size=320x240:rate=25:duration=0.2,drawbox=x=0:y=0:w=40:h=40:color=white:t=fill",
        ] + TestMedia.h264() + [coded])
      // ffmpeg 5.1 has no -display_rotation; its remuxer turns a "rotate" tag into the
      // display matrix.
      try FFmpegCommand.ffmpeg(
        ["-i", coded, "-c", "copy"] + (tag.map { ["-metadata:s:v", "rotate=\($0)"] } ?? [])
          + [tagged])
      let shown = folder.path("shown.pgm")
      try FFmpegCommand.ffmpeg(["-i", tagged, "-frames:v", "1", "-pix_fmt", "gray", shown])

      let video = try #require(try MediaProbe.probe(path: tagged).video)
      let expected = try Self.clockwiseTurn(ofMarkIn: shown)

      #expect(video.rotation == expected)
      #expect((video.rotation == 0) == (tag == nil))
      #expect(video.width == 320 && video.height == 240, "size is before rotation")
    }
  }

  /// The clockwise angle that carries the top-left corner to the corner where the mark is.
  private static func clockwiseTurn(ofMarkIn pgmPath: String) throws -> Int {
    let image = try PGM(contentsOf: pgmPath)
    let inset = 5
    let corners: [(x: Int, y: Int, turn: Int)] = [
      (inset, inset, 0), (image.width - 1 - inset, inset, 90),
      (image.width - 1 - inset, image.height - 1 - inset, 180),
      (inset, image.height - 1 - inset, 270),
    ]
    let lit = corners.filter { image.value(x: $0.x, y: $0.y) > 200 }
    guard lit.count == 1, let corner = lit.first else {
      throw ToolFailure(description: "expected the mark in exactly one corner, found \(lit.count)")
    }
    return corner.turn
  }
}

/// A binary 8-bit greyscale PNM image as `ffmpeg` writes it ("P5", width, height, 255).
private struct PGM {
  let width: Int
  let height: Int
  let pixels: [UInt8]

  init(contentsOf path: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    // The header is four whitespace-separated fields; the pixels follow one whitespace byte.
    var fields: [String] = []
    var index = 0
    while fields.count < 4, index < bytes.count {
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
      let start = index
      while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x0A { index += 1 }
      fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
    }
    guard fields.count == 4, fields[0] == "P5", let width = Int(fields[1]),
      let height = Int(fields[2]), bytes.count - (index + 1) == width * height
    else { throw ToolFailure(description: "\(path) is not an 8-bit binary PGM") }
    self.width = width
    self.height = height
    self.pixels = Array(bytes[(index + 1)...])
  }

  func value(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }
}

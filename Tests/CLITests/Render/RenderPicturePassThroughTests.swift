import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// One way a source video can be stored: pixel format, coding, whether it says so, container.
struct PassThroughSource: CustomTestStringConvertible, Sendable {
  var format: RawFormat
  var matrix: YCbCrCoding.Matrix
  var fullRange: Bool
  var tagged = true
  var codec: TestCodec = .losslessH264
  var width = 320
  var height = 240

  var coding: YCbCrCoding {
    YCbCrCoding(matrix: matrix, fullRange: fullRange, bitDepth: format.bitDepth)
  }

  var testDescription: String {
    let tags = tagged ? "tagged \(coding)" : "untagged (read as \(coding))"
    return "\(format) \(width)x\(height) \(tags)\(codec == .raw ? " raw" : "")"
  }
}

/// docs/ARCHITECTURE.md property 4: a video without a key passes through within ±2 code values,
/// whatever matrix, range, depth and chroma layout it was stored in.
@Suite("Render pictures: pass-through of matrices, ranges and pixel formats", .tags(.endToEnd))
struct RenderPicturePassThroughTests {
  /// Eight colours that differ clearly between matrices and reach both ends of the range.
  static let colors: [SIMD3<Double>] = [
    SIMD3(0, 0, 0), SIMD3(1, 1, 1), SIMD3(0.5, 0.5, 0.5), SIMD3(0.9, 0.1, 0.1),
    SIMD3(0.1, 0.8, 0.2), SIMD3(0.15, 0.2, 0.85), SIMD3(0.95, 0.85, 0.1), SIMD3(0.85, 0.6, 0.45),
  ]

  /// The colours as a 4 × 2 grid of patches filling `width` × `height`.
  static func grid(width: Int, height: Int) -> [(PixelRect, SIMD3<Double>)] {
    let (w, h) = (width / 4, height / 2)
    return colors.enumerated().map { index, color in
      (PixelRect(x: (index % 4) * w, y: (index / 4) * h, width: w, height: h), color)
    }
  }

  static let sources: [PassThroughSource] = [
    PassThroughSource(format: .yuv420p, matrix: .bt601, fullRange: false),
    PassThroughSource(format: .yuv420p, matrix: .bt709, fullRange: false),
    PassThroughSource(format: .yuv420p, matrix: .bt601, fullRange: true),
    PassThroughSource(format: .yuv420p, matrix: .bt709, fullRange: true),
    PassThroughSource(format: .yuv422p, matrix: .bt601, fullRange: false),
    PassThroughSource(format: .yuv422p, matrix: .bt709, fullRange: true),
    PassThroughSource(format: .yuv444p, matrix: .bt709, fullRange: false),
    PassThroughSource(format: .yuv444p, matrix: .bt601, fullRange: true),
    PassThroughSource(format: .nv12, matrix: .bt709, fullRange: false, codec: .raw),
    PassThroughSource(format: .nv12, matrix: .bt601, fullRange: true, codec: .raw),
    PassThroughSource(format: .yuv420p10le, matrix: .bt709, fullRange: false),
    PassThroughSource(format: .yuv420p10le, matrix: .bt601, fullRange: true),
    PassThroughSource(format: .yuv422p10le, matrix: .bt709, fullRange: false),
    // Untagged: standard definition is BT.601, 720 lines and up BT.709; both limited range.
    PassThroughSource(format: .yuv420p, matrix: .bt601, fullRange: false, tagged: false),
    PassThroughSource(
      format: .yuv420p, matrix: .bt601, fullRange: false, tagged: false, width: 720, height: 576),
    PassThroughSource(
      format: .yuv420p, matrix: .bt709, fullRange: false, tagged: false, width: 1280, height: 720),
  ]

  @Test("every patch comes out as its colour in BT.709 limited range, ±2", arguments: sources)
  func passThrough(_ source: PassThroughSource) throws {
    try withScratchFolder { folder in
      let (width, height) = (source.width, source.height)
      let patches = Self.grid(width: width, height: height)
      let name = try TestVideo.still(
        "source.\(source.codec.fileExtension)", in: folder, format: source.format,
        coding: source.coding, tagged: source.tagged, codec: source.codec,
        .patches(width: width, height: height, patches))
      try checkTags(of: folder.path(name), source: source)
      let layers = "  - { name: clip, source: \(name) }"
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "\(width)x\(height)", layers: layers), in: folder)
      for (rect, color) in patches {
        let expected = YCbCrCoding.output.codes(source.coding.decoded(color))
        let worst = frame.worstDeviation(in: rect.inset(8), from: expected)
        #expect(
          worst <= 2,
          "patch \(rect) \(color): expected \(expected), got \(frame.mean(in: rect.inset(8)))")
      }
    }
  }

  /// Makes sure the generator wrote the tags (or none) the case is about.
  private func checkTags(of path: String, source: PassThroughSource) throws {
    let space = try TestVideo.probe("color_space", of: path)
    let range = try TestVideo.probe("color_range", of: path)
    if source.tagged {
      #expect(space == (source.matrix == .bt601 ? "smpte170m" : "bt709"))
      #expect(range == (source.fullRange ? "pc" : "tv"))
    } else {
      #expect(space == "unknown" || space.isEmpty, "\(space)")
    }
  }

  @Test("the movie is tagged H.264 yuv420p, BT.709, limited range")
  func outputTags() throws {
    try withScratchFolder { folder in
      let name = try TestVideo.still("grey.mp4", in: folder, .flat(width: 64, height: 48, .one))
      let movie = try PictureProject.render(
        PictureProject.yaml(size: "64x48", layers: "  - { name: grey, source: \(name) }"),
        in: folder)
      #expect(try TestVideo.probe("codec_name", of: movie) == "h264")
      #expect(try TestVideo.probe("pix_fmt", of: movie) == "yuv420p")
      #expect(try TestVideo.probe("color_space", of: movie) == "bt709")
      #expect(try TestVideo.probe("color_range", of: movie) == "tv")
      #expect(try TestVideo.probe("color_primaries", of: movie) == "bt709")
      #expect(try TestVideo.probe("color_transfer", of: movie) == "bt709")
    }
  }
}

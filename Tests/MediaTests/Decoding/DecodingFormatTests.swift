import Foundation
import Media
import TestSupport
import Testing
import Timeline

/// How a case's decoded planes are checked against FFmpeg's own decode.
enum PlaneReference: Sendable {
  /// Every plane equals the `ffmpeg` command's output in this pixel format, byte for byte.
  case planes(String)
  /// The first plane is within `tolerance` code values of the first plane of this format.
  case firstPlane(String, tolerance: Int)
}

/// One pixel format through the decoder: what it reports and how its pixels are checked.
struct PixelCase: Sendable, CustomTestStringConvertible {
  let name: String
  var size = "320x240"
  /// Output options: codec, pixel format, tags.
  let encoding: [String]
  var container = "mkv"
  /// FFmpeg's name for what the decoder produces.
  let decoded: String
  let layout: PlaneLayout
  var range: ColorRange = .limited
  var matrix: ColorMatrix = .bt601
  let reference: PlaneReference

  var testDescription: String { name }
}

@Suite("Decoding video: pixel formats")
struct DecodingFormatTests {
  static let cases: [PixelCase] = [
    PixelCase(
      name: "H.264 yuv420p, SD untagged", encoding: TestMedia.h264(), container: "mp4",
      decoded: "yuv420p", layout: .yuv420p8, reference: .planes("yuv420p")),
    PixelCase(
      name: "H.264 yuv420p, HD untagged is BT.709", size: "1280x720",
      encoding: TestMedia.h264(), container: "mp4", decoded: "yuv420p", layout: .yuv420p8,
      matrix: .bt709, reference: .planes("yuv420p")),
    PixelCase(
      name: "H.264 HD tagged BT.601 keeps its tag", size: "1280x720",
      encoding: TestMedia.h264() + ["-colorspace", "smpte170m"], container: "mp4",
      decoded: "yuv420p", layout: .yuv420p8, matrix: .bt601, reference: .planes("yuv420p")),
    PixelCase(
      name: "H.264 yuvj420p is full range", encoding: TestMedia.h264(pixelFormat: "yuvj420p"),
      container: "mp4", decoded: "yuvj420p", layout: .yuv420p8, range: .full,
      reference: .planes("yuvj420p")),
    PixelCase(
      name: "H.264 yuv422p", encoding: TestMedia.h264(pixelFormat: "yuv422p"),
      decoded: "yuv422p", layout: .yuv422p8, reference: .planes("yuv422p")),
    PixelCase(
      name: "H.264 yuv444p", encoding: TestMedia.h264(pixelFormat: "yuv444p"),
      decoded: "yuv444p", layout: .yuv444p8, reference: .planes("yuv444p")),
    PixelCase(
      name: "H.264 yuv420p10le", encoding: TestMedia.h264(pixelFormat: "yuv420p10le"),
      container: "mp4", decoded: "yuv420p10le", layout: .yuv420p10,
      reference: .planes("yuv420p10le")),
    PixelCase(
      name: "raw nv12", encoding: ["-c:v", "rawvideo", "-pix_fmt", "nv12"], container: "nut",
      decoded: "nv12", layout: .nv12, reference: .planes("nv12")),
    PixelCase(
      name: "FFV1 yuv422p10le", encoding: ["-c:v", "ffv1", "-pix_fmt", "yuv422p10le"],
      decoded: "yuv422p10le", layout: .yuv422p10, reference: .planes("yuv422p10le")),
    PixelCase(
      name: "FFV1 yuv444p10le tagged full range",
      encoding: ["-c:v", "ffv1", "-pix_fmt", "yuv444p10le", "-color_range", "pc"],
      decoded: "yuv444p10le", layout: .yuv444p10, range: .full,
      reference: .planes("yuv444p10le")),
    PixelCase(
      name: "FFV1 yuva420p", encoding: ["-c:v", "ffv1", "-pix_fmt", "yuva420p"],
      decoded: "yuva420p", layout: .yuva420p8, reference: .planes("yuva420p")),
    PixelCase(
      name: "FFV1 yuva444p", encoding: ["-c:v", "ffv1", "-pix_fmt", "yuva444p"],
      decoded: "yuva444p", layout: .yuva444p8, reference: .planes("yuva444p")),
    PixelCase(
      name: "odd-sized FFV1 yuv420p", size: "321x241",
      encoding: ["-vf", "scale=321:241", "-c:v", "ffv1", "-pix_fmt", "yuv420p"], decoded: "yuv420p",
      layout: .yuv420p8,
      reference: .planes("yuv420p")),
    PixelCase(
      name: "PNG rgba in MOV is taken as it is",
      encoding: ["-c:v", "png", "-pix_fmt", "rgba"], container: "mov", decoded: "rgba",
      layout: .rgba8, range: .full, reference: .planes("rgba")),
    PixelCase(
      name: "QuickTime Animation rgb24 becomes rgba8",
      encoding: ["-c:v", "qtrle", "-pix_fmt", "rgb24"], container: "mov", decoded: "rgb24",
      layout: .rgba8, range: .full, reference: .planes("rgba")),
    PixelCase(
      name: "QuickTime Animation argb becomes rgba8",
      encoding: ["-c:v", "qtrle", "-pix_fmt", "argb"], container: "mov", decoded: "argb",
      layout: .rgba8, range: .full, reference: .planes("rgba")),
    PixelCase(
      name: "FFV1 bgra becomes rgba8", encoding: ["-c:v", "ffv1", "-pix_fmt", "bgra"],
      decoded: "bgra", layout: .rgba8, range: .full, reference: .planes("rgba")),
    PixelCase(
      name: "FFV1 yuv410p becomes yuv444p8", encoding: ["-c:v", "ffv1", "-pix_fmt", "yuv410p"],
      decoded: "yuv410p", layout: .yuv444p8, reference: .firstPlane("yuv444p", tolerance: 0)),
    PixelCase(
      name: "FFV1 yuv420p12le becomes yuv444p10",
      encoding: ["-c:v", "ffv1", "-pix_fmt", "yuv420p12le"], decoded: "yuv420p12le",
      layout: .yuv444p10, reference: .firstPlane("yuv444p10le", tolerance: 1)),
  ]

  @Test("layout, colour and pixels", .tags(.slow), arguments: cases)
  func pixelFormat(_ pixels: PixelCase) throws {
    try withScratchFolder { folder in
      let path = folder.path("pixels.\(pixels.container)")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: pixels.size, seconds: "0.2") + pixels.encoding + [path])
      let format: String
      switch pixels.reference {
      case .planes(let name), .firstPlane(let name, _): format = name
      }
      let reference = try ReferenceDecode.frames(of: path, pixelFormat: format, in: folder)
      try #require(reference.count % 5 == 0)
      let frameBytes = reference.count / 5
      let decoder = try VideoDecoder(path: path)
      let dimensions = pixels.size.split(separator: "x").compactMap { Int($0) }

      for k in 0..<5 {
        let frame = try #require(try decoder.frame(at: NumberedVideo.pickTime(k, fps: 25)))
        #expect(frame.decodedPixelFormat == pixels.decoded)
        #expect(frame.layout == pixels.layout)
        #expect(frame.colorRange == pixels.range)
        #expect(frame.colorMatrix == pixels.matrix)
        #expect([frame.width, frame.height] == dimensions)
        let planes = ReferenceDecode.packedPlanes(of: frame)
        let expected = Array(reference[(k * frameBytes)..<((k + 1) * frameBytes)])
        switch pixels.reference {
        case .planes:
          #expect(planes == expected, "frame \(k)")
        case .firstPlane(_, let tolerance):
          let planeBytes = frame.width * frame.height * frame.layout.bytesPerElement(plane: 0)
          let difference = Self.largestDifference(
            Array(planes[0..<planeBytes]), Array(expected[0..<planeBytes]),
            wordBytes: frame.layout.bitDepth > 8 ? 2 : 1)
          #expect(difference <= tolerance, "frame \(k)")
        }
      }
    }
  }

  @Test("plane sizes round up for odd 4:2:0 pictures")
  func oddPlaneSizes() throws {
    try withScratchFolder { folder in
      let path = folder.path("odd.mkv")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "320x240", seconds: "0.04")
          + ["-vf", "scale=321:241", "-c:v", "ffv1", "-pix_fmt", "yuv420p", path])
      let frame = try #require(try VideoDecoder(path: path).frame(at: .zero))
      let sizes = (0..<3).map { plane in
        frame.withPlane(plane) { bytes, bytesPerRow, width, height in
          #expect(bytesPerRow >= width)
          #expect(bytes.count == bytesPerRow * (height - 1) + width)
          return [width, height]
        }
      }
      #expect(sizes == [[321, 241], [161, 121], [161, 121]])
    }
  }

  @Test("grey becomes full-range yuv444p8 with neutral chroma")
  func grey() throws {
    try withScratchFolder { folder in
      let path = folder.path("grey.mkv")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "320x240", seconds: "0.04")
          + ["-c:v", "ffv1", "-pix_fmt", "gray", path])
      let reference = try ReferenceDecode.frames(of: path, pixelFormat: "gray", in: folder)
      let frame = try #require(try VideoDecoder(path: path).frame(at: .zero))

      #expect(frame.decodedPixelFormat == "gray")
      #expect(frame.layout == .yuv444p8)
      #expect(frame.colorRange == .full)
      let planes = ReferenceDecode.packedPlanes(of: frame)
      let planeBytes = 320 * 240
      #expect(Array(planes[0..<planeBytes]) == Array(reference))
      #expect(planes[planeBytes...].allSatisfy { $0 == 128 })
    }
  }

  /// The largest difference between two runs of samples of `wordBytes` little-endian bytes.
  static func largestDifference(_ a: [UInt8], _ b: [UInt8], wordBytes: Int) -> Int {
    guard a.count == b.count else { return .max }
    var largest = 0
    for index in stride(from: 0, to: a.count, by: wordBytes) {
      var left = 0
      var right = 0
      for byte in 0..<wordBytes {
        left |= Int(a[index + byte]) << (8 * byte)
        right |= Int(b[index + byte]) << (8 * byte)
      }
      largest = max(largest, abs(left - right))
    }
    return largest
  }
}

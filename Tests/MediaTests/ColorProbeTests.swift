import Media
import TestSupport
import Testing

/// One way of tagging (or not tagging) a file's colour, and what the probe should resolve.
struct ColorCase: Sendable, CustomTestStringConvertible {
  let name: String
  let size: String
  let pixelFormat: String
  /// What FFmpeg's decoder reports: its H.264 decoder calls full-range 4:2:0 "yuvj420p".
  let probedPixelFormat: String
  let tags: [String]
  let matrix: ColorMatrix
  let tagged: Bool
  let range: ColorRange
  var encoder = "libx264"
  var container = "mp4"

  var testDescription: String { name }
}

@Suite("Probing colour")
struct ColorProbeTests {
  static let cases: [ColorCase] = [
    ColorCase(
      name: "untagged SD is BT.601", size: "320x240", pixelFormat: "yuv420p",
      probedPixelFormat: "yuv420p", tags: [],
      matrix: .bt601, tagged: false, range: .limited),
    ColorCase(
      name: "untagged HD is BT.709", size: "1280x720", pixelFormat: "yuv420p",
      probedPixelFormat: "yuv420p", tags: [],
      matrix: .bt709, tagged: false, range: .limited),
    ColorCase(
      name: "HD tagged BT.709 limited", size: "1280x720", pixelFormat: "yuv420p",
      probedPixelFormat: "yuv420p",
      tags: [
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
        "-color_range", "tv",
      ],
      matrix: .bt709, tagged: true, range: .limited),
    ColorCase(
      name: "HD tagged BT.601 keeps its tag", size: "1280x720", pixelFormat: "yuv420p",
      probedPixelFormat: "yuv420p",
      tags: ["-colorspace", "smpte170m"], matrix: .bt601, tagged: true, range: .limited),
    ColorCase(
      name: "SD tagged BT.709 keeps its tag", size: "320x240", pixelFormat: "yuv420p",
      probedPixelFormat: "yuv420p",
      tags: ["-colorspace", "bt709"], matrix: .bt709, tagged: true, range: .limited),
    ColorCase(
      name: "BT.2020 tag", size: "320x240", pixelFormat: "yuv420p",
      probedPixelFormat: "yuv420p",
      tags: ["-colorspace", "bt2020nc"], matrix: .bt2020, tagged: true, range: .limited),
    ColorCase(
      name: "HD tagged full range", size: "1280x720", pixelFormat: "yuv420p",
      probedPixelFormat: "yuvj420p",
      tags: ["-colorspace", "bt709", "-color_range", "pc"], matrix: .bt709, tagged: true,
      range: .full),
    ColorCase(
      name: "FFV1 yuv420p tagged full range", size: "320x240", pixelFormat: "yuv420p",
      probedPixelFormat: "yuv420p", tags: ["-color_range", "pc"],
      matrix: .bt601, tagged: false, range: .full, encoder: "ffv1", container: "mkv"),
    ColorCase(
      name: "yuvj420p is full range", size: "1280x720", pixelFormat: "yuvj420p",
      probedPixelFormat: "yuvj420p", tags: [],
      matrix: .bt709, tagged: false, range: .full),
  ]

  @Test("matrix and range", arguments: cases)
  func colour(_ colour: ColorCase) throws {
    try withScratchFolder { folder in
      let path = folder.path("colour.\(colour.container)")
      let encoding =
        colour.encoder == "libx264"
        ? TestMedia.h264(pixelFormat: colour.pixelFormat)
        : ["-c:v", colour.encoder, "-pix_fmt", colour.pixelFormat]
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: colour.size, seconds: "0.2") + encoding + colour.tags + [path])

      let video = try #require(try MediaProbe.probe(path: path).video)

      #expect(video.pixelFormat == colour.probedPixelFormat)
      #expect(video.colorMatrix == colour.matrix)
      #expect(video.colorMatrixTagged == colour.tagged)
      #expect(video.colorRange == colour.range)
    }
  }
}

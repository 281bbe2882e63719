import PlanValues
import TestSupport
import Testing

/// `OutputFormat.pixelFormat`, the one table of the pixel formats chromake encodes in (the
/// writer looks each up by FFmpeg's name), held to the ffmpeg command's own word: each is a
/// format its encoder takes.
@Suite("Encoding: one pixel-format table")
struct PixelFormatTableTests {
  /// The FFmpeg encoder of each codec, as `VideoEncoderSetup` opens it.
  static let encoders: [VideoCodec: String] = [
    .h264: "libx264", .hevc: "libx265", .av1: "libsvtav1", .vp9: "libvpx-vp9",
    .prores: "prores_ks", .gif: "gif", .webp: "libwebp_anim", .png: "png",
  ]

  @Test("every codec's pixel format, with alpha and without, is one its encoder takes")
  func encodersTakeThem() throws {
    for codec in VideoCodec.allCases {
      let encoder = try #require(Self.encoders[codec], "\(codec)")
      let help = try ToolRun.run(tool: "ffmpeg", ["-hide_banner", "-h", "encoder=\(encoder)"])
      let line = help.stdout.split(separator: "\n").first {
        $0.contains("Supported pixel formats:")
      }
      let taken = (line?.split(separator: ":").last ?? "").split(separator: " ").map(String.init)
      for alpha in [false, true] {
        let name = OutputFormat(container: .mp4, video: codec, alpha: alpha).pixelFormat
        #expect(taken.contains(name), "\(encoder) does not take \(name): \(taken)")
      }
    }
  }
}

import Media
import TestSupport
import Testing
import Timeline

@Suite("Probing video")
struct VideoProbeTests {
  @Test("a 2 s 320x240 25 fps H.264 + AAC mp4")
  func standardDefinitionMP4() throws {
    try withScratchFolder { folder in
      let path = folder.path("sd.mp4")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "320x240", seconds: "2")
          + TestMedia.tone(rate: 48000, seconds: "2")
          + TestMedia.h264() + ["-c:a", "aac", path])

      let info = try MediaProbe.probe(path: path)

      #expect(info.path == path)
      #expect(info.formatName.split(separator: ",").contains("mp4"))
      #expect(isClose(info.duration, to: Rational(2), within: Rational(1, 10)))
      let video = try #require(info.video)
      #expect(video.streamIndex == 0)
      #expect(video.codec == "h264")
      #expect(video.pixelFormat == "yuv420p")
      #expect(video.width == 320 && video.height == 240)
      #expect(video.frameRate == Rational(25))
      #expect(isClose(video.duration, to: Rational(2), within: Rational(1, 25)))
      #expect(video.frameCount == 50)
      #expect(video.rotation == 0)
      #expect(video.sampleAspectRatio == .one)
      #expect(video.colorMatrix == .bt601)
      #expect(!video.colorMatrixTagged)
      #expect(video.colorRange == .limited)
      #expect(info.audio.count == 1)
      let audio = try #require(info.audio.first)
      #expect(audio.streamIndex == 1)
      #expect(audio.codec == "aac")
      #expect(audio.sampleRate == 48000)
      #expect(audio.channels == 1 && audio.channelLayout == "mono")
      #expect(isClose(audio.duration, to: Rational(2), within: Rational(1, 10)))
    }
  }

  @Test("a 30000/1001 fps stream keeps its exact rate")
  func ntscFrameRate() throws {
    try withScratchFolder { folder in
      let path = folder.path("ntsc.mkv")
      try FFmpegCommand.ffmpeg(
        ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30000/1001:duration=1"]
          + TestMedia.h264() + [path])

      let video = try #require(try MediaProbe.probe(path: path).video)

      #expect(video.frameRate == Rational(30000, 1001))
      // Matroska states no per-stream duration, so this exercises the container fallback.
      #expect(isClose(video.duration, to: Rational(1), within: Rational(1001, 30000)))
    }
  }

  @Test("a non-square sample aspect ratio")
  func sampleAspectRatio() throws {
    try withScratchFolder { folder in
      let path = folder.path("anamorphic.mp4")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "320x240", seconds: "0.4") + ["-vf", "setsar=4/3"]
          + TestMedia.h264() + [path])

      let video = try #require(try MediaProbe.probe(path: path).video)

      #expect(video.sampleAspectRatio == Rational(4, 3))
      #expect(video.width == 320 && video.height == 240)
    }
  }

  @Test("a PNG image probes as a one-picture video")
  func pngImage() throws {
    try withScratchFolder { folder in
      let path = folder.path("still.png")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x48", seconds: "1") + ["-frames:v", "1", path])

      let info = try MediaProbe.probe(path: path)

      let video = try #require(info.video)
      #expect(video.codec == "png")
      #expect(video.width == 64 && video.height == 48)
      #expect(info.audio.isEmpty)
    }
  }
}

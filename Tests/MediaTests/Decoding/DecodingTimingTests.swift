import Foundation
import Media
import TestSupport
import Testing
import Timeline

@Suite("Decoding video: frame times")
struct DecodingTimingTests {
  /// x264 with three B-frames between references, always (no adaptive choice), a keyframe
  /// every second at 30 fps.
  static let bFrames = [
    "-c:v", "libx264", "-preset", "medium", "-bf", "3", "-x264-params", "b-adapt=0:keyint=30",
    "-pix_fmt", "yuv420p",
  ]

  @Test("30 fps: output frame k at 30 fps is source frame k, at exactly k/30 s")
  func sameRate() throws {
    try withScratchFolder { folder in
      let path = folder.path("numbered.mp4")
      try NumberedVideo.make(path, count: 90)
      let decoder = try VideoDecoder(path: path)
      for k in 0..<90 {
        let frame = try #require(try decoder.frame(at: NumberedVideo.pickTime(k)))
        #expect(NumberedVideo.number(of: frame) == k)
        #expect(frame.pts == Rational(Int64(k), 30))
      }
    }
  }

  @Test("25 fps asked at 30 fps times: frame floor((k/30 + 1 ms) × 25)")
  func slowerSource() throws {
    try withScratchFolder { folder in
      let path = folder.path("numbered25.mp4")
      try NumberedVideo.make(path, count: 75, rate: "25")
      let decoder = try VideoDecoder(path: path)
      for k in 0..<90 {
        let t = NumberedVideo.pickTime(k)
        let frame = try #require(try decoder.frame(at: t))
        #expect(NumberedVideo.number(of: frame) == Int((t * Rational(25)).floor))
      }
    }
  }

  @Test("B-frames come back in presentation order")
  func bFramesInOrder() throws {
    try withScratchFolder { folder in
      let path = folder.path("bframes.mp4")
      try NumberedVideo.make(path, count: 90, encoding: Self.bFrames)
      let types = try FFmpegCommand.ffprobe([
        "-select_streams", "v", "-show_entries", "frame=pict_type", "-of", "csv=p=0", path,
      ])
      try #require(types.split(separator: "\n").filter { $0 == "B" }.count > 30)

      let decoder = try VideoDecoder(path: path)
      for k in 0..<90 {
        let frame = try #require(try decoder.frame(at: NumberedVideo.pickTime(k)))
        #expect(NumberedVideo.number(of: frame) == k)
      }
    }
  }

  @Test("every plane of every frame equals FFmpeg's own decode")
  func matchesFFmpeg() throws {
    try withScratchFolder { folder in
      let path = folder.path("pattern.mp4")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "320x240", seconds: "2") + Self.bFrames + [path])
      let reference = try ReferenceDecode.frames(of: path, pixelFormat: "yuv420p", in: folder)
      let frameBytes = 320 * 240 * 3 / 2
      try #require(reference.count == 50 * frameBytes)

      let decoder = try VideoDecoder(path: path)
      for k in 0..<50 {
        let frame = try #require(try decoder.frame(at: NumberedVideo.pickTime(k, fps: 25)))
        #expect(frame.layout == .yuv420p8)
        let expected = reference[(k * frameBytes)..<((k + 1) * frameBytes)]
        #expect(ReferenceDecode.packedPlanes(of: frame) == Array(expected), "frame \(k)")
      }
    }
  }

  @Test("before the first frame: nil; after the last: the last, and its time is known")
  func ends() throws {
    try withScratchFolder { folder in
      let path = folder.path("numbered.mkv")
      try NumberedVideo.make(path, count: 30, encoding: Self.bFrames)
      let decoder = try VideoDecoder(path: path)
      #expect(decoder.lastFrameTime == nil)
      #expect(try decoder.frame(at: Rational(-1, 1000)) == nil)
      #expect(try decoder.frame(at: .zero).map(NumberedVideo.number) == 0)
      for seconds: Int64 in [1, 2, 5, 60] {
        let frame = try #require(try decoder.frame(at: Rational(seconds)))
        #expect(NumberedVideo.number(of: frame) == 29)
        // Matroska keeps milliseconds: 29/30 s is stored as 967 ms.
        #expect(frame.pts == Rational(967, 1000))
      }
      #expect(decoder.lastFrameTime == Rational(967, 1000))
      #expect(try decoder.frame(at: Rational(-1, 30)) == nil)
      #expect(try decoder.frame(at: NumberedVideo.pickTime(3)).map(NumberedVideo.number) == 3)
    }
  }

  @Test(
    "a file whose first timestamp is not 0 still starts at 0", .tags(.slow),
    arguments: ["mp4", "mkv", "ts"])
  func startOffset(container: String) throws {
    try withScratchFolder { folder in
      let path = folder.path("late.\(container)")
      try NumberedVideo.make(
        path, count: 60, encoding: Self.bFrames, extra: ["-output_ts_offset", "1.5"])
      let start = try FFmpegCommand.ffprobe([
        "-select_streams", "v", "-show_entries", "stream=start_time", "-of", "csv=p=0", path,
      ])
      let firstLine = start.split(separator: "\n").first.map(String.init) ?? ""
      try #require((Double(firstLine) ?? 0) > 1.4, "start_time \(start)")

      let decoder = try VideoDecoder(path: path)
      for k in 0..<60 {
        let frame = try #require(try decoder.frame(at: NumberedVideo.pickTime(k)))
        #expect(NumberedVideo.number(of: frame) == k)
        // Matroska rounds times to milliseconds; MP4 and MPEG-TS hold them exactly.
        let slack = container == "mkv" ? Rational(1, 2000) : .zero
        #expect(isClose(frame.pts, to: Rational(Int64(k), 30), within: slack))
      }
    }
  }

  @Test(
    "seeking back, looping and jumping ahead give the right frames", .tags(.slow),
    arguments: ["mp4", "mkv", "ts"])
  func seeking(container: String) throws {
    try withScratchFolder { folder in
      let path = folder.path("long.\(container)")
      try NumberedVideo.make(path, count: 300, encoding: Self.bFrames)
      let decoder = try VideoDecoder(path: path)
      // Play 0–2 s, loop back to 0.5 s, play on, jump far ahead, come back, then wander.
      var requests = Array(0..<60) + Array(15..<45) + [240, 241, 299, 30, 31, 0]
      var generator = SeededNumbers(seed: 7)
      requests += (0..<40).map { _ in Int(generator.next() % 300) }
      for k in requests {
        let frame = try #require(try decoder.frame(at: NumberedVideo.pickTime(k)), "k = \(k)")
        #expect(NumberedVideo.number(of: frame) == k, "k = \(k)")
      }
    }
  }

  @Test("forward requests never seek; going back, or far ahead past a keyframe, does", .tags(.slow))
  func seeksOnlyWhenNeeded() throws {
    try withScratchFolder { folder in
      let everySecond = folder.path("keyframes.mp4")
      try NumberedVideo.make(everySecond, count: 300, encoding: Self.bFrames)
      let decoder = try VideoDecoder(path: everySecond)
      for k in 0..<90 {
        _ = try decoder.frame(at: NumberedVideo.pickTime(k))
        // Asking twice for the same time, or for a time between frames, decodes nothing.
        _ = try decoder.frame(at: NumberedVideo.pickTime(k))
      }
      #expect(decoder.seekCount == 0)
      #expect(try decoder.frame(at: NumberedVideo.pickTime(130)).map(NumberedVideo.number) == 130)
      #expect(decoder.seekCount == 0, "1.3 s ahead is decoded through")
      #expect(try decoder.frame(at: NumberedVideo.pickTime(250)).map(NumberedVideo.number) == 250)
      #expect(decoder.seekCount == 1, "4 s ahead seeks to the keyframe at 8 s")
      #expect(try decoder.frame(at: NumberedVideo.pickTime(249)).map(NumberedVideo.number) == 249)
      #expect(decoder.seekCount == 2, "one frame back seeks")

      let oneKeyframe = folder.path("one-keyframe.mp4")
      let longGOP = Self.bFrames.map { $0 == "b-adapt=0:keyint=30" ? "b-adapt=0:keyint=600" : $0 }
      try NumberedVideo.make(oneKeyframe, count: 300, encoding: longGOP)
      let noShortcut = try VideoDecoder(path: oneKeyframe)
      #expect(
        try noShortcut.frame(at: NumberedVideo.pickTime(280)).map(NumberedVideo.number) == 280)
      #expect(noShortcut.seekCount == 0, "no keyframe lies between, so seeking cannot help")
      #expect(try noShortcut.frame(at: NumberedVideo.pickTime(10)).map(NumberedVideo.number) == 10)
      #expect(noShortcut.seekCount == 1)
    }
  }

  @Test("10-bit frames read back through 16-bit words")
  func tenBit() throws {
    try withScratchFolder { folder in
      let path = folder.path("deep.mp4")
      try NumberedVideo.make(path, count: 30, encoding: TestMedia.h264(pixelFormat: "yuv420p10le"))
      let decoder = try VideoDecoder(path: path)
      for k in 0..<30 {
        let frame = try #require(try decoder.frame(at: NumberedVideo.pickTime(k)))
        #expect(frame.layout == .yuv420p10)
        #expect(NumberedVideo.number(of: frame) == k)
      }
    }
  }
}

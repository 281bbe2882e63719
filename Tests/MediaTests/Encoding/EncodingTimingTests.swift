import Media
import TestSupport
import Testing
import Timeline

@Suite("Encoding: frame timing")
struct EncodingTimingTests {
  @Test(
    "every frame is at exactly k/fps and the movie lasts N/fps",
    arguments: [(Rational(30), 45), (Rational(30000, 1001), 31), (Rational(24), 37)])
  func exactTimestamps(fps: Rational, count: Int) throws {
    try withScratchFolder { folder in
      let path = folder.path("timing.mp4")
      try EncodedMovie.writeSyntheticMovie(
        path: path, format: .h264(crf: 20), video: VideoEncoding(width: 64, height: 48, fps: fps),
        count: count)

      let probed = try EncodedVideoProbe(path: path)
      #expect(probed["nb_read_frames"] == String(count))
      #expect(probed.rational("avg_frame_rate") == fps)
      #expect(probed.rational("r_frame_rate") == fps)
      #expect(probed.duration == Rational(Int64(count)) / fps)
      let times = try EncodedMovie.framePresentationTimes(path: path)
      #expect(times.count == count)
      #expect(times == (0..<count).map { Rational(Int64($0)) / fps })
    }
  }

  @Test("the first decoded frame is frame 0 and the last is frame N-1, none lost or doubled")
  func firstAndLastFrames() throws {
    try withScratchFolder { folder in
      let path = folder.path("ends.mp4")
      let count = 40
      try EncodedMovie.writeSyntheticMovie(
        path: path, format: .h264(crf: 18),
        video: VideoEncoding(width: 64, height: 48, fps: Rational(30)),
        count: count)

      let frames = try EncodedMovie.decodedFrames(path: path, width: 64, height: 48, in: folder)
      #expect(frames.count == count)
      let identified = frames.map { frame in
        let mean = frame.prefix(64 * 48).reduce(0) { $0 + Int($1) } / (64 * 48)
        // The checkerboard adds 3 on average; 4 code values separate neighbouring frames.
        return (mean - 3 - 16 + 2) / 4
      }
      #expect(identified == Array(0..<count))
    }
  }
}

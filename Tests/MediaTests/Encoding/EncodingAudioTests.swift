import Foundation
import Media
import TestSupport
import Testing
import Timeline

@Suite("Encoding: AAC audio")
struct EncodingAudioTests {
  /// Sample `n` of a test chirp for `channel`: half amplitude, rising 600 Hz a second from
  /// 300 Hz (left) or 500 Hz (right), so no stretch of it repeats an earlier one.
  static func tone(_ n: Int, channel: Int, rate: Int) -> Float {
    let t = Double(n) / Double(rate)
    let start = channel == 0 ? 300.0 : 500.0
    return Float(0.5 * sin(2 * Double.pi * (start * t + 300 * t * t)))
  }

  /// Writes `frames` video frames at 30 fps and exactly their length of stereo tone, in
  /// chunks of `chunk` samples (not a multiple of AAC's 1024), interleaved with the video.
  static func writeMovie(path: String, frames: Int, rate: Int, chunk: Int) throws {
    let writer = try MovieWriter(
      path: path, format: .h264(preset: "veryfast", audio: .aac),
      video: VideoEncoding(width: 64, height: 48, fps: Rational(30)),
      audio: AudioEncoding(sampleRate: rate, channels: 2))
    let total = frames * rate / 30
    for k in 0..<frames {
      let frame = try writer.nextFrame()
      EncodingPicture.fill(frame, k: k)
      try writer.write(frame)
      // Audio up to the end of frame k, in chunks.
      let end = (k + 1) * rate / 30
      while writer.audioSamplesWritten < end {
        let start = writer.audioSamplesWritten
        let count = min(chunk, end - start)
        let left = (start..<start + count).map { tone($0, channel: 0, rate: rate) }
        let right = (start..<start + count).map { tone($0, channel: 1, rate: rate) }
        try left.withUnsafeBufferPointer { left in
          try right.withUnsafeBufferPointer { right in try writer.writeAudio([left, right]) }
        }
      }
    }
    #expect(writer.audioSamplesWritten == total)
    try writer.finish()
  }

  /// The audio ffmpeg decodes from `path`, edit list applied, as interleaved stereo floats.
  static func decodedAudio(path: String, in folder: ScratchFolder) throws -> [Float] {
    let raw = folder.path("decoded.f32")
    try FFmpegCommand.ffmpeg(["-i", path, "-map", "0:a:0", "-f", "f32le", "-c:a", "pcm_f32le", raw])
    let data = try Data(contentsOf: URL(fileURLWithPath: raw))
    return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  @Test("the stream is AAC, starts at 0 and lasts exactly as long as the video")
  func streamTiming() throws {
    try withScratchFolder { folder in
      let path = folder.path("sound.mp4")
      try Self.writeMovie(path: path, frames: 45, rate: 48000, chunk: 1000)

      let output = try FFmpegCommand.ffprobe([
        "-select_streams", "a:0", "-show_entries",
        "stream=codec_name,sample_rate,channels,time_base,start_pts,duration_ts", "-of", "json",
        path,
      ])
      let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
      let stream = try #require((json?["streams"] as? [[String: Any]])?.first)
      #expect(stream["codec_name"] as? String == "aac")
      #expect(stream["sample_rate"] as? String == "48000")
      #expect(stream["channels"] as? Int == 2)
      #expect(stream["start_pts"] as? Int == 0)
      let base = try #require(Rational(exactly: stream["time_base"] as? String ?? ""))
      let ticks = try #require(stream["duration_ts"] as? Int)
      #expect(Rational(Int64(ticks)) * base == Rational(45, 30))
      #expect(try EncodedVideoProbe(path: path)["nb_read_frames"] == "45")
    }
  }

  @Test("the edit list skips exactly the encoder's priming and ends with the last sample")
  func editList() throws {
    try withScratchFolder { folder in
      let path = folder.path("sound.mp4")
      try Self.writeMovie(path: path, frames: 45, rate: 48000, chunk: 1000)

      let (movieTimeScale, tracks) = try EncodedMovie.movieEdits(path: path)
      let sound = try #require(tracks.first { $0.handler == "soun" })
      #expect(sound.mediaTimeScale == 48000)
      try #require(sound.edits.count == 1, "edits: \(sound.edits)")
      // FFmpeg's AAC encoder primes with one frame of 1024 samples.
      #expect(sound.edits[0].mediaTime == 1024)
      #expect(
        Rational(Int64(sound.edits[0].duration), Int64(movieTimeScale)) == Rational(45, 30))
    }
  }

  @Test("decoding gives the written samples from t = 0, with no priming silence")
  func samplesFromZero() throws {
    try withScratchFolder { folder in
      let path = folder.path("sound.mp4")
      let (frames, rate) = (30, 48000)
      try Self.writeMovie(path: path, frames: frames, rate: rate, chunk: 777)

      let samples = try Self.decodedAudio(path: path, in: folder)
      let written = frames * rate / 30
      // FFmpeg 5.1's MP4 reader applies the edit list's start but not its end, so decoding
      // gives the last AAC frame whole; the edit list itself is checked above.
      #expect(samples.count / 2 >= written && samples.count / 2 < written + 1024)
      // The chirp never repeats, so only the right alignment matches it: priming left in
      // would make the best lag 1024 samples. AAC is lossy, so the match is by mean error.
      let window = 4800
      func error(lag: Int) -> Double {
        var sum = 0.0
        for n in 0..<window {
          for channel in 0..<2 {
            let decoded = Double(samples[2 * (n + lag) + channel])
            sum += pow(decoded - Double(Self.tone(n, channel: channel, rate: rate)), 2)
          }
        }
        return (sum / Double(2 * window)).squareRoot()
      }
      let errors = (0...1100).map { error(lag: $0) }
      #expect(errors.indices.min { errors[$0] < errors[$1] } == 0)
      #expect(error(lag: 0) < 0.05)
    }
  }
}

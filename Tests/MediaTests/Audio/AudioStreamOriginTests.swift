import Foundation
import Media
import TestSupport
import Testing

@Suite("AudioStreamReader: time 0 is the file's first video frame")
struct AudioStreamOriginTests {
  /// The first 1 ms window whose RMS reaches half the tone's, in samples.
  private func onset(_ samples: [Float]) -> Int? {
    let window = 48
    let steady = AudioRead.rms(samples[(samples.count - 9600)..<(samples.count - 4800)])
    var start = 0
    while start + window <= samples.count {
      if AudioRead.rms(samples[start..<(start + window)]) >= steady / 2 { return start }
      start += window / 4
    }
    return nil
  }

  @Test("sound that starts 0.5 s after the picture is preceded by 0.5 s of silence")
  func delayedSoundKeepsItsPlace() throws {
    try withScratchFolder { folder in
      let path = folder.path("late.mp4")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x48", rate: 30, seconds: "2") + ["-itsoffset", "0.5"]
          + TestMedia.tone(rate: 48000, seconds: "1.5") + TestMedia.h264()
          + ["-c:a", "aac", "-map", "0:v", "-map", "1:a", path])
      let starts = try FFmpegCommand.ffprobe(
        ["-show_entries", "stream=codec_type,start_time", "-of", "csv=p=0", path])
      #expect(starts.contains("audio,0.4"), "the file starts its sound late: \(starts)")

      let reader = try AudioStreamReader(path: path, audioStream: 0, sampleRate: 48000, channels: 1)
      let samples = try AudioRead.all(reader)[0]
      let at = try #require(onset(samples))
      #expect(abs(at - 24000) <= 48, "the tone begins at sample \(at)")
      // Reading from 0.25 s keeps the same timeline: the tone is 0.25 s in.
      let later = try AudioStreamReader(
        path: path, audioStream: 0, sampleRate: 48000, channels: 1, from: 12000)
      let laterAt = try #require(onset(try AudioRead.all(later)[0]))
      #expect(abs(laterAt - 12000) <= 48, "from 0.25 s the tone begins at \(laterAt)")
    }
  }
}

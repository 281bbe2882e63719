import Foundation
import Media
import TestSupport
import Testing

@Suite("AudioStreamReader")
struct AudioStreamReaderTests {
  @Test("48 kHz stereo AAC read as is equals the ffmpeg command's decode, priming dropped")
  func sameAsFFmpeg() throws {
    try withScratchFolder { folder in
      let path = folder.path("stereo.m4a")
      try FFmpegCommand.ffmpeg(
        TestMedia.tone(rate: 48000, layout: "stereo", seconds: "1") + ["-c:a", "aac", path])

      let reader = try AudioStreamReader(path: path, audioStream: 0, sampleRate: 48000, channels: 2)
      let samples = try AudioRead.all(reader)
      let reference = try AudioRead.reference(path, rate: 48000, channels: 2, in: folder)

      #expect(samples[0].count == reference[0].count)
      #expect(abs(samples[0].count - 48000) <= 1024)
      for channel in 0..<2 {
        #expect(AudioRead.maxDifference(samples[channel], reference[channel][...]) <= 1e-4)
      }
    }
  }

  @Test("44.1 kHz mono read at 48 kHz stereo: right length, both channels at −3 dB")
  func monoToStereo() throws {
    try withScratchFolder { folder in
      let path = folder.path("mono.wav")
      try FFmpegCommand.ffmpeg(TestMedia.tone(rate: 44100, seconds: "1") + [path])

      let reader = try AudioStreamReader(path: path, audioStream: 0, sampleRate: 48000, channels: 2)
      let samples = try AudioRead.all(reader)
      let source = try AudioRead.reference(path, rate: 44100, channels: 1, in: folder)[0]

      #expect(abs(samples[0].count - 48000) <= 4)
      #expect(samples[0] == samples[1])
      // The middle of the tone, away from the resampler's edges.
      let level = AudioRead.rms(samples[0][4800..<43200])
      let sourceLevel = AudioRead.rms(source[4410..<39690])
      let decibels = 20 * log10(level / (sourceLevel * 0.5.squareRoot()))
      #expect(abs(decibels) <= 0.1, "off by \(decibels) dB")
    }
  }

  @Test("22.05 kHz 5.1 AAC read as 48 kHz stereo is heard")
  func surroundToStereo() throws {
    try withScratchFolder { folder in
      let path = folder.path("surround.m4a")
      try FFmpegCommand.ffmpeg(
        TestMedia.tone(rate: 22050, layout: "5.1", seconds: "1") + ["-c:a", "aac", path])

      let reader = try AudioStreamReader(path: path, audioStream: 0, sampleRate: 48000, channels: 2)
      let samples = try AudioRead.all(reader)

      #expect(abs(samples[0].count - 48000) <= 2400)
      #expect(samples.allSatisfy { AudioRead.rms($0[...]) > 0.01 })
    }
  }

  @Test("from: starts exactly that many output samples in")
  func startsAtSample() throws {
    try withScratchFolder { folder in
      let path = folder.path("mono.m4a")
      try FFmpegCommand.ffmpeg(TestMedia.tone(rate: 44100, seconds: "1") + ["-c:a", "aac", path])

      let whole = try AudioRead.all(
        AudioStreamReader(path: path, audioStream: 0, sampleRate: 48000, channels: 2))
      let later = try AudioRead.all(
        AudioStreamReader(path: path, audioStream: 0, sampleRate: 48000, channels: 2, from: 1000))

      for channel in 0..<2 {
        #expect(later[channel].count == whole[channel].count - 1000)
        #expect(AudioRead.maxDifference(later[channel], whole[channel].dropFirst(1000)) <= 1e-6)
      }
    }
  }

  @Test("audioStream counts audio streams only and picks the second")
  func secondStream() throws {
    try withScratchFolder { folder in
      let path = folder.path("two-tracks.mp4")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x64", seconds: "1")
          + TestMedia.tone(hertz: 440, rate: 48000, seconds: "1")
          + TestMedia.tone(hertz: 1000, rate: 48000, seconds: "1")
          + ["-map", "0:v", "-map", "1:a", "-map", "2:a"] + TestMedia.h264()
          + ["-c:a", "aac", path])

      for (stream, hertz, other) in [(0, 440.0, 1000.0), (1, 1000.0, 440.0)] {
        let reader = try AudioStreamReader(
          path: path, audioStream: stream, sampleRate: 48000, channels: 1)
        let samples = try AudioRead.all(reader)[0]
        let wanted = AudioRead.strength(of: hertz, in: samples, rate: 48000)
        let unwanted = AudioRead.strength(of: other, in: samples, rate: 48000)
        #expect(wanted > 10 * unwanted, "stream \(stream): \(wanted) vs \(unwanted)")
      }
    }
  }

  @Test("reading past the end gives 0, also when from lies beyond the end")
  func pastTheEnd() throws {
    try withScratchFolder { folder in
      let path = folder.path("short.wav")
      try FFmpegCommand.ffmpeg(TestMedia.tone(rate: 48000, seconds: "0.1") + [path])

      let reader = try AudioStreamReader(path: path, audioStream: 0, sampleRate: 48000, channels: 1)
      var buffers = [[Float](repeating: 0, count: 8000)]
      #expect(try AudioRead.readChunk(reader, into: &buffers, count: 8000) == 4800)
      #expect(try AudioRead.readChunk(reader, into: &buffers, count: 8000) == 0)
      #expect(try AudioRead.readChunk(reader, into: &buffers, count: 8000) == 0)

      let beyond = try AudioStreamReader(
        path: path, audioStream: 0, sampleRate: 48000, channels: 1, from: 1_000_000)
      #expect(try AudioRead.readChunk(beyond, into: &buffers, count: 8000) == 0)
    }
  }

  @Test("a file without audio, or without that audio stream, is not media for the reader")
  func noAudio() throws {
    try withScratchFolder { folder in
      let video = folder.path("silent.mp4")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x64", seconds: "0.2") + TestMedia.h264() + [video])
      let audio = folder.path("one-track.wav")
      try FFmpegCommand.ffmpeg(TestMedia.tone(rate: 48000, seconds: "0.1") + [audio])

      for (path, stream) in [(video, 0), (audio, 1)] {
        let error = #expect(throws: MediaError.self) {
          try AudioStreamReader(path: path, audioStream: stream, sampleRate: 48000, channels: 2)
        }
        #expect(error?.caseName == "notMedia")
        #expect(error?.description.contains(path) == true)
      }
    }
  }
}

import Media
import TestSupport
import Testing
import Timeline

@Suite("Probing audio")
struct AudioProbeTests {
  @Test("two audio streams at different rates and layouts, in container order")
  func twoAudioStreams() throws {
    try withScratchFolder { folder in
      let path = folder.path("two-tracks.mp4")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "320x240", seconds: "1")
          + TestMedia.tone(rate: 44100, seconds: "1")
          + TestMedia.tone(hertz: 880, rate: 48000, layout: "stereo", seconds: "1")
          // Audio first, then video, then audio, so stream indices and audio order differ.
          + ["-map", "1:a", "-map", "0:v", "-map", "2:a"]
          + TestMedia.h264() + ["-c:a", "aac", path])

      let info = try MediaProbe.probe(path: path)

      #expect(info.video?.streamIndex == 1)
      #expect(info.audio.map(\.streamIndex) == [0, 2])
      #expect(info.audio.map(\.sampleRate) == [44100, 48000])
      #expect(info.audio.map(\.channels) == [1, 2])
      #expect(info.audio.map(\.channelLayout) == ["mono", "stereo"])
      #expect(info.audio.allSatisfy { $0.codec == "aac" })
    }
  }

  @Test("an audio-only m4a has no video")
  func audioOnly() throws {
    try withScratchFolder { folder in
      let path = folder.path("voice.m4a")
      try FFmpegCommand.ffmpeg(
        TestMedia.tone(rate: 48000, layout: "5.1", seconds: "1.5") + ["-c:a", "aac", path])

      let info = try MediaProbe.probe(path: path)

      #expect(info.video == nil)
      #expect(info.formatName.split(separator: ",").contains("m4a"))
      #expect(isClose(info.duration, to: Rational(3, 2), within: Rational(1, 20)))
      let audio = try #require(info.audio.first)
      #expect(info.audio.count == 1)
      #expect(audio.channels == 6 && audio.channelLayout == "5.1")
      #expect(isClose(audio.duration, to: Rational(3, 2), within: Rational(1, 20)))
    }
  }

  @Test("cover art is not the video")
  func coverArt() throws {
    try withScratchFolder { folder in
      let cover = folder.path("cover.png")
      let path = folder.path("song.m4a")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x64", seconds: "1") + ["-frames:v", "1", cover])
      try FFmpegCommand.ffmpeg(
        TestMedia.tone(rate: 44100, seconds: "1") + ["-i", cover, "-map", "0:a", "-map", "1:v"]
          + ["-c:a", "aac", "-c:v", "png", "-disposition:v:0", "attached_pic", path])
      let streamKinds = try FFmpegCommand.ffprobe(
        ["-show_entries", "stream=codec_type", "-of", "csv=p=0", path])
      try #require(streamKinds.split(separator: "\n") == ["audio", "video"], "the cover is there")

      let info = try MediaProbe.probe(path: path)

      #expect(info.video == nil)
      #expect(info.audio.count == 1)
    }
  }
}

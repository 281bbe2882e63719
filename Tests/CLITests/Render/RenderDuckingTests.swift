import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `duck:` judged by numpy after the ffmpeg command decodes the AAC: a constant 440 Hz tone
/// ducks under 1 kHz voice bursts, and each tone's level is measured in spans around them.
@Suite("chromake render: music ducks under the voice", .tags(.endToEnd))
struct RenderDuckingTests {
  /// The voice: a 1 kHz tone at 0.3 in two bursts, 0.6–1.2 s and 2.4–2.8 s.
  static let voice =
    "aevalsrc='0.3*sin(2*PI*1000*t)*(between(t,0.6,1.2-1/48000)+between(t,2.4,2.8-1/48000))'"
    + ":s=48000:d=3.4"
  /// 0.25 (−12 dBFS) played at −6 dB: −18 dBFS in the output as the judge mixes it to mono.
  static let musicDecibels = 20 * log10(0.25) - 6
  /// The voice's own level, untouched: 0.3.
  static let voiceDecibels = 20 * log10(0.3)

  static func makeMedia(in folder: ScratchFolder) throws {
    try FFmpegCommand.ffmpeg(
      ["-f", "lavfi", "-i", voice, "-c:a", "pcm_s16le", folder.path("voice.wav")])
    try FFmpegCommand.ffmpeg(
      [
        "-f", "lavfi", "-i", "aevalsrc='0.25*sin(2*PI*440*t)':s=48000:d=3.4", "-c:a", "aac",
        "-b:a", "192k", folder.path("music.m4a"),
      ])
    try FFmpegCommand.ffmpeg(
      TestMedia.pattern(size: "64x48", rate: 25, seconds: "3.4")
        + ["-f", "lavfi", "-i", "aevalsrc='0.25*sin(2*PI*440*t)':s=48000:d=3.4"]
        + TestMedia.h264() + ["-c:a", "aac", "-b:a", "192k", "-shortest", folder.path("plate.mp4")])
  }

  @Test(
    "lowered by 'by' under the bursts from 'attack' before them, back after 'release'; the voice untouched"
  )
  func ducksUnderBursts() throws {
    try withScratchFolder { folder in
      try Self.makeMedia(in: folder)
      let movie = try ChromakeBinary.render(
        """
        version: 1
        output: { file: track.mp4, size: 64x48, fps: 25, video: { preset: ultrafast } }
        layers:
          - { name: picture, source: plate.mp4, audio: { mute: true } }
        audio:
          - name: music
            source: music.m4a
            gain: -6dB
            duck: { under: [voiceover], by: -12dB, attack: 150ms, release: 600ms }
          - { name: voiceover, source: voice.wav }
        """, name: "track", in: folder)
      let spans: [(Double, Double)] = [
        (0.10, 0.40),  // 0: before the ramp (which starts at 0.45 s)
        (0.48, 0.57),  // 1: on the ramp down, before the voice starts
        (0.65, 1.15),  // 2: under the first burst
        (1.85, 2.20),  // 3: after the release (1.2 + 0.6 s), before the next attack
        (2.45, 2.75),  // 4: under the second burst
      ]
      let levels = try SoundJudge.toneLevels(movie, hertz: [440, 1000], spans: spans)
      let music = levels.map { $0[440] ?? -200 }
      let voice = levels.map { $0[1000] ?? -200 }
      let ducked = Self.musicDecibels - 12
      #expect(abs(music[0] - Self.musicDecibels) <= 0.5, "before: \(music[0]) dB")
      #expect(music[1] < Self.musicDecibels - 1 && music[1] > ducked + 1, "ramp: \(music[1]) dB")
      #expect(abs(music[2] - ducked) <= 1.5, "under the first burst: \(music[2]) dB")
      #expect(abs(music[3] - Self.musicDecibels) <= 0.5, "after the release: \(music[3]) dB")
      #expect(abs(music[4] - ducked) <= 1.5, "under the second burst: \(music[4]) dB")
      #expect(abs(voice[2] - Self.voiceDecibels) <= 0.5, "voice: \(voice[2]) dB")
      #expect(abs(voice[4] - Self.voiceDecibels) <= 0.5, "voice: \(voice[4]) dB")
    }
  }

  @Test("a source layer's own sound ducks too, and two renders give identical samples")
  func layerDucksDeterministically() throws {
    try withScratchFolder { folder in
      try Self.makeMedia(in: folder)
      let yaml = """
        version: 1
        output: { file: NAME.mp4, size: 64x48, fps: 25, video: { preset: ultrafast } }
        layers:
          - name: picture
            source: plate.mp4
            audio: { gain: -6dB, duck: { under: voiceover, by: -20dB } }
        audio:
          - { name: voiceover, source: voice.wav }
        """
      let first = try ChromakeBinary.render(
        yaml.replacingOccurrences(of: "NAME", with: "one"), name: "one", in: folder)
      let second = try ChromakeBinary.render(
        yaml.replacingOccurrences(of: "NAME", with: "two"), name: "two", in: folder)
      func samples(_ movie: String) throws -> Data {
        let raw = folder.path(URL(fileURLWithPath: movie).lastPathComponent + ".f32")
        try FFmpegCommand.ffmpeg(["-i", movie, "-map", "0:a:0", "-f", "f32le", raw])
        return try Data(contentsOf: URL(fileURLWithPath: raw))
      }
      let one = try samples(first)
      #expect(one.count > 48_000 * 2 * 4 * 3)
      #expect(one == (try samples(second)))
      let levels = try SoundJudge.toneLevels(first, hertz: [440], spans: [(0.1, 0.4), (0.7, 1.1)])
      let open = try #require(levels[0][440])
      let under = try #require(levels[1][440])
      #expect(abs(open - Self.musicDecibels) <= 0.5, "open: \(open) dB")
      #expect(abs(under - (Self.musicDecibels - 20)) <= 1.5, "under: \(under) dB")
    }
  }
}

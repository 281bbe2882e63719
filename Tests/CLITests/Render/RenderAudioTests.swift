import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The output's sound, decoded by the ffmpeg command after the edit list, as 48 kHz stereo.
private struct DecodedSound {
  static let rate = 48000
  var left: [Float]
  var right: [Float]

  init(_ movie: String, in folder: ScratchFolder) throws {
    let raw = folder.url.appendingPathComponent("sound.f32").path
    try FFmpegCommand.ffmpeg(
      ["-i", movie, "-map", "0:a:0", "-f", "f32le", "-ac", "2", "-ar", "48000", raw])
    let data = try Data(contentsOf: URL(fileURLWithPath: raw))
    let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
    right = stride(from: 1, to: samples.count, by: 2).map { samples[$0] }
  }

  /// The amplitude of a `hertz` sine in `from..<to` seconds of the left channel (Goertzel).
  func amplitude(_ hertz: Double, from: Double, to: Double) -> Double {
    let start = Int(from * Double(Self.rate))
    let end = min(left.count, Int(to * Double(Self.rate)))
    guard end > start else { return 0 }
    let w = 2 * Double.pi * hertz / Double(Self.rate)
    var (s1, s2) = (0.0, 0.0)
    for n in start..<end {
      let s = Double(left[n]) + 2 * cos(w) * s1 - s2
      s2 = s1
      s1 = s
    }
    let power = s1 * s1 + s2 * s2 - 2 * cos(w) * s1 * s2
    return 2 * power.squareRoot() / Double(end - start)
  }

  func decibels(_ hertz: Double, from: Double, to: Double) -> Double {
    20 * log10(max(amplitude(hertz, from: from, to: to), 1e-12))
  }
}

@Suite("chromake render: every audio stream mixed at its gain and time", .tags(.endToEnd))
struct RenderAudioTests {
  /// ffmpeg's sine source has amplitude 1/8: the scale for "silent" (50 dB below it).
  static let sineDecibels = 20 * log10(0.125)

  private func tone(_ hertz: Int, rate: Int, layout: String, seconds: String) -> [String] {
    TestMedia.tone(hertz: hertz, rate: rate, layout: layout, seconds: seconds)
  }

  @Test("tones of layers and tracks at their gains, offsets and rates; silence elsewhere")
  func mixesEveryStream() throws {
    try withScratchFolder { folder in
      func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "160x96", rate: 30, seconds: "3")
          + tone(440, rate: 48000, layout: "stereo", seconds: "3")
          + TestMedia.h264() + ["-c:a", "aac", "-t", "3", path("plate.mp4")])
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "160x96", rate: 25, seconds: "1")
          + tone(660, rate: 44100, layout: "mono", seconds: "1")
          + TestMedia.h264() + ["-c:a", "aac", "-t", "1", path("insert.mp4")])
      try FFmpegCommand.ffmpeg(
        tone(1320, rate: 22050, layout: "5.1", seconds: "0.7") + ["-c:a", "aac", path("bed.m4a")])
      try """
      version: 1
      output: { file: out.mp4, size: 160x96, fps: 30, video: { preset: ultrafast } }
      layers:
        - name: plate
          source: plate.mp4
          audio: { gain: -6dB }
        - name: insert
          source: insert.mp4
          start: 1s
          box: [0, 0, 80, 48]
      audio:
        - name: bed
          source: bed.m4a
          loop: true
          duration: 2s
          gain: 0.5
      """.write(to: folder.url.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
      let run = try ChromakeBinary.run(["render", "p.yaml"], in: folder.url)
      #expect(run.status == 0, "\(run.stderr)")
      let sound = try DecodedSound(path("out.mp4"), in: folder)
      // Each source's own level, as the ffmpeg command mixes it down to 48 kHz stereo with the
      // same default matrix: the reference the gains apply to.
      let plateSource = try DecodedSound(path("plate.mp4"), in: folder)
        .decibels(440, from: 0.2, to: 2.8)
      let insertSource = try DecodedSound(path("insert.mp4"), in: folder)
        .decibels(660, from: 0.1, to: 0.9)
      #expect(abs(sound.left.count - 3 * 48000) < 1024, "\(sound.left.count) samples")
      // After the edit list the sound lasts exactly as long as the picture.
      let durations = try FFmpegCommand.ffprobe(
        ["-show_entries", "stream=codec_type,duration", "-of", "csv=p=0", path("out.mp4")])
      let seconds = Dictionary(
        uniqueKeysWithValues: durations.split(separator: "\n").map { line in
          let parts = line.split(separator: ",")
          return (String(parts[0]), Double(parts[1]) ?? -1)
        })
      #expect(abs((seconds["audio"] ?? -1) - 3.0) <= 0.002, "\(durations)")
      #expect(abs((seconds["video"] ?? -1) - 3.0) <= 0.002, "\(durations)")
      // The plate's stereo tone at −6 dB for the whole 3 s.
      let plate = sound.decibels(440, from: 0.2, to: 2.8)
      #expect(abs(plate - (plateSource - 6)) < 0.5, "plate \(plate) dB, source \(plateSource)")
      // The mono insert at 0 dB from 1 s to 2 s, silent before and after.
      let insert = sound.decibels(660, from: 1.1, to: 1.9)
      #expect(abs(insert - insertSource) < 0.5, "insert \(insert) dB, source \(insertSource)")
      #expect(sound.decibels(660, from: 0, to: 0.95) < Self.sineDecibels - 50)
      #expect(sound.decibels(660, from: 2.05, to: 3) < Self.sineDecibels - 50)
      // The 5.1 bed (its front left and right reach the stereo mix) looped for 2 s at ×0.5.
      let bedEarly = sound.decibels(1320, from: 0.1, to: 0.6)
      let bedLooped = sound.decibels(1320, from: 1.2, to: 1.8)
      #expect(abs(bedEarly - bedLooped) < 0.5, "loop keeps the level: \(bedEarly) vs \(bedLooped)")
      #expect(bedEarly > Self.sineDecibels - 20, "the bed is heard: \(bedEarly) dB")
      #expect(sound.decibels(1320, from: 2.05, to: 3) < Self.sineDecibels - 50)
      // The insert starts at 1 s within a millisecond: the first loud 660 Hz block.
      let onset = firstOnset(of: sound, hertz: 660, around: 1.0)
      #expect(abs(onset - 1.0) <= 0.001 + 0.0005, "onset at \(onset) s")
    }
  }

  /// The time the 660 Hz tone first reaches half its level, scanned in 0.5 ms steps with 5 ms
  /// windows.
  private func firstOnset(of sound: DecodedSound, hertz: Double, around t: Double) -> Double {
    let full = sound.amplitude(hertz, from: t + 0.1, to: t + 0.5)
    var time = t - 0.05
    while time < t + 0.05 {
      if sound.amplitude(hertz, from: time, to: time + 0.005) > full * 0.5 {
        return time + 0.0025
      }
      time += 0.0005
    }
    return .infinity
  }

  @Test("a project whose inputs have no sound gets no audio stream")
  func silentProjectHasNoAudioStream() throws {
    try withScratchFolder { folder in
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "160x96", rate: 30, seconds: "1") + TestMedia.h264()
          + [folder.url.appendingPathComponent("v.mp4").path])
      try """
      version: 1
      output: { file: out.mp4, size: 160x96, fps: 30, video: { preset: ultrafast } }
      layers:
        - { name: v, source: v.mp4 }
      """.write(to: folder.url.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
      let run = try ChromakeBinary.run(["render", "p.yaml"], in: folder.url)
      #expect(run.status == 0, "\(run.stderr)")
      let streams = try FFmpegCommand.ffprobe(
        [
          "-show_entries", "stream=codec_type", "-of", "csv=p=0",
          folder.url.appendingPathComponent("out.mp4").path,
        ])
      #expect(streams.split(separator: "\n") == ["video"])
    }
  }
}

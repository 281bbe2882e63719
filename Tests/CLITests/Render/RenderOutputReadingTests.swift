import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// What other tools read from the files a render writes (issue 39): colours, colour tags,
/// transparent pixels, a GIF's timing and Matroska's start, each judged by a reader that
/// shares no code with chromake (Pillow, numpy, a PNG chunk walk, ffprobe and ffmpeg).
@Suite("chromake render: what other tools read", .tags(.endToEnd))
struct RenderOutputReadingTests {
  /// Runs `Tests/Measurements/NAME` on `arguments` and decodes its JSON.
  static func measure<Reading: Decodable>(
    _ name: String, _ arguments: [String], as type: Reading.Type
  ) throws -> Reading {
    let script = SoundJudge.measurements.appendingPathComponent(name).path
    let run = try ToolRun.run(tool: "python3", [script] + arguments)
    guard run.status == 0 else { throw ToolFailure(description: "\(name): \(run.stderr)") }
    return try JSONDecoder().decode(Reading.self, from: Data(run.stdout.utf8))
  }

  @Test("a WebP poster has the project's colour, as `chromake frame`'s PNG has, and no alpha")
  func webpPoster() throws {
    try withScratchFolder { folder in
      let yaml = """
        version: 1
        output:
          file: out.mp4
          size: 160x120
          fps: 10
          duration: 1s
          poster: { file: poster.webp, at: 0.5s }
        layers:
          - { name: red, fill: "#E63946", box: [0, 0, 160, 120] }
        """
      let run = try RenderOutputFormatTests.render(yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      let frame = try ChromakeBinary.run(
        ["frame", "project.yaml", "--at", "0.5s", "-o", "frame.png"], in: folder.url)
      try #require(frame.status == 0, "\(frame.stderr)")
      let points = [(80, 60), (10, 10), (150, 110)]
      let poster = try RenderOutputFormatTests.pixels(
        folder.path("poster.webp"), frame: 0, at: points)
      let reference = try RenderOutputFormatTests.pixels(
        folder.path("frame.png"), frame: 0, at: points)
      for (seen, expected) in zip(poster.pixels, reference.pixels) {
        #expect(RenderOutputFormatTests.near(seen, [0xE6, 0x39, 0x46], 4), "poster \(seen)")
        #expect(
          RenderOutputFormatTests.near(seen, expected, 3), "poster \(seen), frame \(expected)")
      }
      // An opaque poster carries no alpha: no ALPH chunk, and Pillow opens it as RGB.
      let bytes = try Data(contentsOf: folder.url.appendingPathComponent("poster.webp"))
      #expect(bytes.range(of: Data("ALPH".utf8)) == nil, "an opaque WebP with an ALPH chunk")
      let mode = try ToolRun.run(
        tool: "python3",
        [
          "-c", "import sys; from PIL import Image; print(Image.open(sys.argv[1]).mode)",
          folder.path("poster.webp"),
        ])
      #expect(mode.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "RGB", "\(mode)")
    }
  }

  struct Chunks: Decodable {
    var chunks: [String]
    var gAMA: Int?
    var sRGB: Int?
    var cHRM: [Int]?
  }

  @Test("a PNG sequence's frames are sRGB: an sRGB chunk, and gAMA and cHRM only as sRGB's")
  func pngSequenceIsSRGB() throws {
    try withScratchFolder { folder in
      let yaml = RenderOutputFormatTests.project(file: "frames/%03d.png", sound: false)
      let run = try RenderOutputFormatTests.render(yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      let read = try Self.measure(
        "png_chunks.py", [folder.path("frames/004.png")], as: Chunks.self)
      #expect(read.sRGB != nil, "no sRGB chunk: \(read.chunks)")
      // The PNG specification's values for sRGB, which a writer may give beside `sRGB`.
      if let gamma = read.gAMA { #expect(gamma == 45455, "gAMA \(gamma)") }
      if let chromaticities = read.cHRM {
        #expect(
          chromaticities == [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000],
          "cHRM \(chromaticities)")
      }
      // Its colours are the movie's: the card, #FF8000, as Pillow reads it.
      let seen = try RenderOutputFormatTests.pixels(
        folder.path("frames/004.png"), frame: 0, at: [(80, 60)])
      #expect(RenderOutputFormatTests.near(seen.pixels[0], [255, 128, 0], 3), "\(seen.pixels)")
    }
  }

  struct Transparency: Decodable {
    var transparent: Int
    var opaque: Int
    var coloured: Int
    var max: [Int]
  }

  @Test(
    "fully transparent pixels are black in a PNG sequence, ProRes 4444 and a PNG poster",
    arguments: [
      ("frames/%03d.png", "  video: { alpha: true }", "frames/005.png"),
      ("out.mov", "  video: { codec: prores, alpha: true }", "out.mov"),
      (
        "out.mov",
        "  video: { codec: prores, alpha: true }\n  poster: { file: poster.png, at: 0.5s }",
        "poster.png"
      ),
    ])
  func transparentPixelsAreBlack(file: String, output: String, judged: String) throws {
    try withScratchFolder { folder in
      // Edges at odd pixels, so a chroma sample of 4:2:0 straddles each: half its pixels
      // covered, half transparent.
      let yaml = """
        version: 1
        output:
          file: \(file)
          size: 160x120
          fps: 10
          duration: 1s
          background: transparent
        \(output)
        layers:
          - { name: card, fill: "#7B2CBF", box: [41, 31, 79, 59] }
          - { name: green, fill: "#2DC653", box: [101, 5, 37, 21], corner_radius: 7 }
        """
      let run = try RenderOutputFormatTests.render(yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      let read = try Self.measure(
        "transparent_colour.py", [folder.path(judged)], as: Transparency.self)
      #expect(read.transparent > 0 && read.opaque > 0, "\(read)")
      if judged.hasSuffix(".png") {
        #expect(
          read.coloured == 0, "\(read.coloured) transparent pixels carry colour, up to \(read.max)")
      } else {
        // ProRes is lossy: its ringing beside an edge leaves a code or two (before, up to
        // [44, 37, 102] in this picture).
        #expect(read.max.allSatisfy { $0 <= 3 }, "transparent pixels carry up to \(read.max)")
      }
    }
  }

  struct GIFTiming: Decodable {
    var durations: [Int]
  }

  @Test("a GIF at 30 fps: its frames add up to the second, the last lasting its own share")
  func gifLastFrame() throws {
    try withScratchFolder { folder in
      let yaml = RenderOutputFormatTests.project(file: "out.gif", sound: false)
        .replacingOccurrences(of: "fps: 10", with: "fps: 30")
      let run = try RenderOutputFormatTests.render(yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      let script = """
        import json, sys
        from PIL import Image
        image = Image.open(sys.argv[1])
        durations = []
        for k in range(image.n_frames):
            image.seek(k)
            durations.append(image.info["duration"])
        print(json.dumps({"durations": durations}))
        """
      let read = try ToolRun.run(tool: "python3", ["-c", script, folder.path("out.gif")])
      try #require(read.status == 0, "\(read.stderr)")
      let timing = try JSONDecoder().decode(GIFTiming.self, from: Data(read.stdout.utf8))
      #expect(timing.durations.count == 30)
      #expect(timing.durations.reduce(0, +) == 1000, "\(timing.durations)")
      // Frame 29 starts at 29/30 s, 97/100 in GIF's hundredths: 3/100 s are left.
      #expect(timing.durations.last == 30, "\(timing.durations)")
    }
  }

  struct Onset: Decodable {
    var onset: Int
    var rate: Int
    var videoStart: Double
    var audioStart: Double
    var duration: Double

    enum CodingKeys: String, CodingKey {
      case onset, rate, duration
      case videoStart = "video_start"
      case audioStart = "audio_start"
    }
  }

  @Test(
    "Matroska and WebM: the first frame at 0, the sound's first real sample at 0, N / fps long",
    arguments: [
      ("out.mkv", "  video: { codec: h264 }\n  audio: { codec: aac }"),
      ("out.webm", ""),
      ("out.mkv", "  video: { codec: h264 }\n  audio: { codec: opus }"),
    ])
  func matroskaStartsAtZero(file: String, output: String) throws {
    try withScratchFolder { folder in
      // A tone that starts 0.5 s into the output: 24,000 samples at 48 kHz.
      try FFmpegCommand.ffmpeg([
        "-f", "lavfi", "-i", "sine=frequency=440:duration=0.5", "-c:a", "pcm_s16le",
        folder.path("late.wav"),
      ])
      let yaml =
        RenderOutputFormatTests.project(file: file, output: output, sound: false)
        + "audio:\n  - { name: late, source: late.wav, start: 0.5s }\n"
      let run = try RenderOutputFormatTests.render(yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      let read = try Self.measure("sound_onset.py", [folder.path(file)], as: Onset.self)
      #expect(read.videoStart == 0, "the first frame is at \(read.videoStart) s")
      // Matroska's segment duration, in milliseconds, is FFmpeg 5.1's muxer's: the end of the
      // last block as stored, which for Opus is its 312 samples (6.5 ms) of CodecDelay later
      // than the sound's end as played.
      let delay = file.hasSuffix(".webm") || output.contains("opus") ? 312.0 / 48000 : 0
      #expect(abs(read.duration - 1 - delay) < 0.0015, "the file lasts \(read.duration) s")
      #expect(abs(read.audioStart) < 0.0015, "the sound's first frame is at \(read.audioStart) s")
      // Before, the priming delayed the sound by 1,024 (AAC) or 312 (Opus) samples.
      #expect(abs(read.onset - read.rate / 2) <= 64, "the tone starts at sample \(read.onset)")
    }
  }
}

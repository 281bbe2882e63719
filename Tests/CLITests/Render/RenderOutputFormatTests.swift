import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Every container and codec of the format contract, rendered as a user would and judged
/// independently: ffprobe for what each file holds, the ffmpeg command (libvpx's decoder for
/// VP9's alpha) and Pillow (`Tests/Measurements/picture_rgba.py`) for its pixels.
@Suite("chromake render: output formats", .tags(.endToEnd))
struct RenderOutputFormatTests {
  /// A 160×120, 10 fps, 1 s project: an orange card over the background, and a white square
  /// sliding across the top (so every frame differs), with `audio` (a 440 Hz tone file) when
  /// given.
  static func project(
    file: String, output: String = "", background: String = "\"#000000\"", sound: Bool = true
  ) -> String {
    let track =
      sound ? "audio:\n  - { name: tone, source: tone.m4a }\n" : ""
    return """
      version: 1
      output:
        file: \(file)
        size: 160x120
        fps: 10
        duration: 1s
        background: \(background)
      \(output)
      layers:
        - { name: card, fill: "#FF8000", box: [40, 30, 80, 60] }
        - name: slider
          fill: "#FFFFFF"
          box: [ { at: 0, value: [0, 0, 16, 16] }, { at: 1s, value: [144, 0, 16, 16] } ]
      \(track)
      """
  }

  /// Writes the tone and `yaml`, renders, and returns the run.
  static func render(
    _ yaml: String, in folder: ScratchFolder, extra: [String] = []
  ) throws -> ToolRun {
    if !FileManager.default.fileExists(atPath: folder.path("tone.m4a")) {
      try FFmpegCommand.ffmpeg(
        [
          "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac",
          folder.path("tone.m4a"),
        ])
    }
    try yaml.write(toFile: folder.path("project.yaml"), atomically: true, encoding: .utf8)
    return try ChromakeBinary.run(
      ["render", "project.yaml", "--progress", "none"] + extra, in: folder.url)
  }

  /// ffprobe's `entries` of stream `stream` (`v:0`, `a:0`) of `path`, one per line.
  static func probe(_ path: String, _ stream: String, _ entries: String) throws -> [String: String]
  {
    let text = try FFmpegCommand.ffprobe([
      "-v", "error", "-select_streams", stream, "-count_frames", "-show_entries",
      "stream=\(entries)", "-of", "default=noprint_wrappers=1", path,
    ])
    var fields: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    return fields
  }

  /// Pixels of frame `frame` of `path`, decoded independently.
  struct Pixels: Decodable {
    var frames: Int
    var durationMS: Int?
    var loop: Int?
    var size: [Int]
    var pixels: [[Int]]

    enum CodingKeys: String, CodingKey {
      case frames, loop, size, pixels
      case durationMS = "duration_ms"
    }
  }

  static func pixels(_ path: String, frame: Int, at points: [(Int, Int)]) throws -> Pixels {
    let script = SoundJudge.measurements.appendingPathComponent("picture_rgba.py").path
    let run = try ToolRun.run(
      tool: "python3", [script, path, String(frame)] + points.map { "\($0.0),\($0.1)" })
    guard run.status == 0 else { throw ToolFailure(description: "picture_rgba.py: \(run.stderr)") }
    return try JSONDecoder().decode(Pixels.self, from: Data(run.stdout.utf8))
  }

  /// Whether `rgb` is within `tolerance` of `expected` in every channel.
  static func near(_ rgb: [Int], _ expected: [Int], _ tolerance: Int) -> Bool {
    zip(rgb.prefix(3), expected).allSatisfy { abs($0 - $1) <= tolerance }
  }

  struct Movie: Sendable, CustomTestStringConvertible {
    var file: String
    var output: String
    var codec: String
    var tag: String?
    var pixelFormat: String
    var audio: String
    var testDescription: String { "\(file) \(codec)/\(audio)" }
  }

  @Test(
    "every movie container and codec: probed, decoded, colours right",
    arguments: [
      Movie(
        file: "out.mp4", output: "", codec: "h264", tag: "avc1", pixelFormat: "yuv420p",
        audio: "aac"),
      Movie(
        file: "out.mp4", output: "  video: { codec: hevc }\n  audio: { codec: opus }",
        codec: "hevc", tag: "hvc1", pixelFormat: "yuv420p", audio: "opus"),
      Movie(
        file: "out.mp4", output: "  video: { codec: av1, speed: 12 }", codec: "av1",
        tag: "av01", pixelFormat: "yuv420p", audio: "aac"),
      Movie(
        file: "out.mov", output: "  video: { codec: prores }\n  audio: { codec: pcm }",
        codec: "prores", tag: "apch", pixelFormat: "yuv422p10le", audio: "pcm_s24le"),
      Movie(
        file: "out.mov", output: "  video: { codec: hevc }", codec: "hevc", tag: "hvc1",
        pixelFormat: "yuv420p", audio: "aac"),
      Movie(
        file: "out.mkv", output: "  video: { codec: vp9 }\n  audio: { codec: flac }",
        codec: "vp9", tag: nil, pixelFormat: "yuv420p", audio: "flac"),
      Movie(
        file: "out.webm", output: "", codec: "vp9", tag: nil, pixelFormat: "yuv420p",
        audio: "opus"),
    ])
  func movies(_ movie: Movie) throws {
    try withScratchFolder { folder in
      let run = try Self.render(Self.project(file: movie.file, output: movie.output), in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      let path = folder.path(movie.file)
      let video = try Self.probe(
        path, "v:0",
        "codec_name,codec_tag_string,pix_fmt,nb_read_frames,color_space,color_primaries")
      #expect(video["codec_name"] == movie.codec)
      if let tag = movie.tag { #expect(video["codec_tag_string"] == tag) }
      #expect(video["pix_fmt"] == movie.pixelFormat)
      #expect(video["nb_read_frames"] == "10")
      #expect(video["color_space"] == "bt709" && video["color_primaries"] == "bt709")
      let audio = try Self.probe(path, "a:0", "codec_name,sample_rate,channels")
      #expect(audio["codec_name"] == movie.audio)
      #expect(audio["sample_rate"] == "48000" && audio["channels"] == "2")
      // Decoded without an error, end to end.
      let check = try ToolRun.run(tool: "ffmpeg", ["-v", "error", "-i", path, "-f", "null", "-"])
      #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
      // The card's middle is orange (#FF8000), the background black, in every codec.
      let seen = try Self.pixels(path, frame: 5, at: [(80, 60), (10, 100)])
      #expect(Self.near(seen.pixels[0], [255, 128, 0], 8), "card: \(seen.pixels[0])")
      #expect(Self.near(seen.pixels[1], [0, 0, 0], 6), "background: \(seen.pixels[1])")
    }
  }

  struct Transparent: Sendable, CustomTestStringConvertible {
    var file: String
    var output: String
    var testDescription: String { file }
  }

  @Test(
    "alpha is kept: read back from ProRes 4444, VP9 in WebM, PNG, WebP and GIF",
    arguments: [
      Transparent(file: "out.mov", output: "  video: { codec: prores, alpha: true }"),
      Transparent(file: "out.webm", output: "  video: { alpha: true }"),
      Transparent(file: "frames/%03d.png", output: "  video: { alpha: true }"),
      Transparent(file: "out.webp", output: "  video: { alpha: true }"),
      Transparent(file: "out.gif", output: "  video: { alpha: true }"),
    ])
  func alpha(_ transparent: Transparent) throws {
    try withScratchFolder { folder in
      let yaml = Self.project(
        file: transparent.file, output: transparent.output, background: "transparent",
        sound: false)
      let run = try Self.render(yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      let path =
        transparent.file.contains("%")
        ? folder.path("frames/005.png") : folder.path(transparent.file)
      let frame = transparent.file.contains("%") ? 0 : 5
      let seen = try Self.pixels(path, frame: frame, at: [(80, 60), (10, 100), (150, 110)])
      #expect(seen.pixels[0][3] == 255, "the card is opaque: \(seen.pixels[0])")
      #expect(Self.near(seen.pixels[0], [255, 128, 0], 8), "card: \(seen.pixels[0])")
      #expect(seen.pixels[1][3] == 0, "the background is transparent: \(seen.pixels[1])")
      #expect(seen.pixels[2][3] == 0, "the background is transparent: \(seen.pixels[2])")
    }
  }

  @Test("a GIF and a WebP: every frame, looping, a second's worth of delays")
  func animations() throws {
    try withScratchFolder { folder in
      for file in ["out.gif", "out.webp"] {
        let run = try Self.render(Self.project(file: file, sound: true), in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("has no sound"), "the note about the sound: \(run.stderr)")
        let seen = try Self.pixels(folder.path(file), frame: 9, at: [(80, 60), (137, 4)])
        #expect(seen.frames == 10, "\(file): \(seen.frames) frames")
        #expect(seen.loop == 0, "\(file) loops for ever")
        // GIF counts in hundredths of a second: 10 frames of 0.1 s are exact.
        #expect(seen.durationMS == 1000, "\(file): \(String(describing: seen.durationMS)) ms")
        #expect(Self.near(seen.pixels[0], [255, 128, 0], 12), "\(file) card: \(seen.pixels[0])")
        // The slider, on the last frame, has come most of the way to the right.
        #expect(
          Self.near(seen.pixels[1], [255, 255, 255], 12), "\(file) slider: \(seen.pixels[1])")
      }
    }
  }

  @Test("a PNG sequence: frame k is file k, and a shorter rerender removes the extra files")
  func pngSequence() throws {
    try withScratchFolder { folder in
      let run = try Self.render(Self.project(file: "frames/f%04d.png", sound: false), in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("frames"))
        .filter { !$0.hasPrefix(".") }.sorted()
      #expect(names == (0..<10).map { String(format: "f%04d.png", $0) })
      let last = try Self.pixels(folder.path("frames/f0009.png"), frame: 0, at: [(137, 4)])
      #expect(Self.near(last.pixels[0], [255, 255, 255], 2), "slider at the end: \(last.pixels)")
      let shorter = Self.project(file: "frames/f%04d.png", sound: false)
        .replacingOccurrences(of: "duration: 1s", with: "duration: 0.5s")
      let again = try Self.render(shorter, in: folder)
      try #require(again.status == 0, "\(again.stderr)")
      let after = try FileManager.default.contentsOfDirectory(atPath: folder.path("frames"))
        .filter { !$0.hasPrefix(".") }.sorted()
      #expect(after == (0..<5).map { String(format: "f%04d.png", $0) })
      let up = try Self.render(shorter, in: folder, extra: ["--explain"])
      #expect(up.stderr.contains("up to date"), "\(up.stderr)")
    }
  }

  @Test(
    "a poster is its frame: PNG equal to `chromake frame`, JPEG close; a deleted one is made again")
  func poster() throws {
    try withScratchFolder { folder in
      let output = "  poster: { file: stills/poster.png, at: 0.55s }"
      let run = try Self.render(Self.project(file: "out.mp4", output: output), in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      let frame = try ChromakeBinary.run(
        ["frame", "project.yaml", "--at", "0.5s", "-o", "frame.png"], in: folder.url)
      try #require(frame.status == 0, "\(frame.stderr)")
      let points = [(80, 60), (10, 100), (77, 4), (92, 8)]
      let poster = try Self.pixels(folder.path("stills/poster.png"), frame: 0, at: points)
      let reference = try Self.pixels(folder.path("frame.png"), frame: 0, at: points)
      #expect(poster.size == [160, 120])
      #expect(
        poster.pixels == reference.pixels, "poster \(poster.pixels), frame \(reference.pixels)")
      try FileManager.default.removeItem(atPath: folder.path("stills/poster.png"))
      let again = try Self.render(
        Self.project(file: "out.mp4", output: output), in: folder, extra: ["--explain"])
      #expect(
        again.stderr.contains("the poster 'stills/poster.png' does not exist"), "\(again.stderr)")
      #expect(FileManager.default.fileExists(atPath: folder.path("stills/poster.png")))
      let jpeg = try Self.render(
        Self.project(file: "out.mp4", output: "  poster: { file: poster.jpg, at: 0.5s }"),
        in: folder)
      try #require(jpeg.status == 0, "\(jpeg.stderr)")
      let lossy = try Self.pixels(folder.path("poster.jpg"), frame: 0, at: points)
      for (seen, expected) in zip(lossy.pixels, reference.pixels) {
        #expect(Self.near(seen, Array(expected.prefix(3)), 10), "jpeg \(seen), frame \(expected)")
      }
    }
  }

  @Test(
    "a transparent output's PNG and WebP posters and its `frame` keep alpha; a JPEG is over black")
  func transparentPoster() throws {
    try withScratchFolder { folder in
      let points = [(80, 60), (10, 100)]
      for file in ["poster.png", "poster.webp", "poster.jpg"] {
        let output =
          "  video: { codec: prores, alpha: true }\n  poster: { file: \(file), at: 0.5s }"
        let run = try Self.render(
          Self.project(file: "out.mov", output: output, background: "transparent", sound: false),
          in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        let seen = try Self.pixels(folder.path(file), frame: 0, at: points)
        // The orange card opaque; the background transparent, or black in a JPEG.
        #expect(Self.near(seen.pixels[0], [255, 128, 0], 10), "\(file): \(seen.pixels[0])")
        if file.hasSuffix(".jpg") {
          #expect(Self.near(seen.pixels[1], [0, 0, 0], 6), "\(file): \(seen.pixels[1])")
        } else {
          #expect(seen.pixels[0][3] == 255, "\(file): \(seen.pixels[0])")
          #expect(seen.pixels[1][3] == 0, "\(file): \(seen.pixels[1])")
        }
      }
      let frame = try ChromakeBinary.run(
        ["frame", "project.yaml", "--at", "0.5s", "-o", "frame.png"], in: folder.url)
      try #require(frame.status == 0, "\(frame.stderr)")
      let shown = try Self.pixels(folder.path("frame.png"), frame: 0, at: points)
      #expect(shown.pixels[0][3] == 255 && shown.pixels[1][3] == 0, "\(shown.pixels)")
    }
  }

  @Test("-o picks the new container's codecs, and its own for one the project named it cannot hold")
  func outputOverride() throws {
    try withScratchFolder { folder in
      let run = try Self.render(
        Self.project(file: "out.mp4"), in: folder, extra: ["-o", "web.webm"])
      try #require(run.status == 0, "\(run.stderr)")
      #expect(!run.stderr.contains("note:"), "nothing was given up: \(run.stderr)")
      let video = try Self.probe(folder.path("web.webm"), "v:0", "codec_name")
      let audio = try Self.probe(folder.path("web.webm"), "a:0", "codec_name")
      #expect(video["codec_name"] == "vp9" && audio["codec_name"] == "opus")
      let named = try Self.render(
        Self.project(file: "out.mp4", output: "  video: { codec: h264, crf: 18 }"), in: folder,
        extra: ["-o", "named.webm"])
      try #require(named.status == 0, "\(named.stderr)")
      #expect(
        named.stderr.contains(
          "chromake: note: -o named.webm: .webm cannot hold h264 video: it is vp9 instead"),
        "\(named.stderr)")
      #expect(named.stderr.contains("crf 18 is for h264"), "\(named.stderr)")
      let chosen = try Self.probe(folder.path("named.webm"), "v:0", "codec_name")
      #expect(chosen["codec_name"] == "vp9")
    }
  }

  @Test("-o from ProRes 4444 to .webm keeps alpha in VP9; to .mp4 it is opaque H.264, said so")
  func outputOverrideAlpha() throws {
    try withScratchFolder { folder in
      let yaml = Self.project(
        file: "out.mov", output: "  video: { codec: prores, alpha: true }",
        background: "transparent", sound: false)
      let webm = try Self.render(yaml, in: folder, extra: ["-o", "overlay.webm"])
      try #require(webm.status == 0, "\(webm.stderr)")
      #expect(
        webm.stderr.contains(".webm cannot hold prores video: it is vp9 instead"),
        "\(webm.stderr)")
      let video = try Self.probe(folder.path("overlay.webm"), "v:0", "codec_name")
      #expect(video["codec_name"] == "vp9")
      let seen = try Self.pixels(folder.path("overlay.webm"), frame: 5, at: [(80, 60), (10, 100)])
      #expect(seen.pixels[0][3] == 255 && seen.pixels[1][3] == 0, "\(seen.pixels)")
      let mp4 = try Self.render(yaml, in: folder, extra: ["-o", "flat.mp4"])
      try #require(mp4.status == 0, "\(mp4.stderr)")
      #expect(mp4.stderr.contains("h264 in .mp4 cannot keep alpha"), "\(mp4.stderr)")
      let flat = try Self.probe(folder.path("flat.mp4"), "v:0", "codec_name,pix_fmt")
      #expect(flat["codec_name"] == "h264" && flat["pix_fmt"] == "yuv420p")
    }
  }

  @Test("a loudness target holds after Opus, as the render's own round trip hears it")
  func opusLoudness() throws {
    try withScratchFolder { folder in
      try FFmpegCommand.ffmpeg([
        "-f", "lavfi", "-i", RenderLoudnessTests.music(scale: 1), "-c:a", "aac", "-b:a", "256k",
        folder.path("music.m4a"),
      ])
      let yaml =
        Self.project(file: "out.webm", output: "  audio: { loudness: -16 }", sound: false)
        + "audio:\n  - { name: music, source: music.m4a }\n"
      let run = try Self.render(yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      let movie = folder.path("out.webm")
      let loudness = try #require(try SoundJudge.integratedLoudness(movie))
      #expect(abs(loudness + 16) <= 0.5, "pyloudnorm reads \(loudness) LUFS")
      let peak = try SoundJudge.truePeak(movie)
      #expect(peak <= -1 + 0.5, "ffmpeg reads a true peak of \(peak) dBTP")
      let reported = try #require(RenderLoudnessTests.reportedTruePeak(run.stderr), "\(run.stderr)")
      #expect(abs(reported - peak) <= 0.2, "reported \(reported) dBTP, ffmpeg \(peak) dBTP")
    }
  }
}

/// Segments in another codec than H.264: pieces in the output's own container, joined with
/// the codec's tag kept.
@Suite("chromake render: segmented output formats", .tags(.endToEnd))
struct RenderSegmentedFormatTests {
  @Test(
    "HEVC in MP4 and ProRes in MOV, segmented, join with every frame and the right tag",
    arguments: [
      ("out.mp4", "  video: { codec: hevc, preset: ultrafast }\n  segment: 0.5s", "hevc", "hvc1"),
      (
        "out.mov", "  video: { codec: prores }\n  audio: { codec: pcm }\n  segment: 0.5s", "prores",
        "apch"
      ),
    ])
  func segmented(file: String, output: String, codec: String, tag: String) throws {
    try withScratchFolder { folder in
      let yaml = RenderOutputFormatTests.project(file: file, output: output)
      let run = try RenderOutputFormatTests.render(yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      let path = folder.path(file)
      let video = try RenderOutputFormatTests.probe(
        path, "v:0", "codec_name,codec_tag_string,nb_read_frames")
      #expect(video["codec_name"] == codec)
      #expect(video["codec_tag_string"] == tag)
      #expect(video["nb_read_frames"] == "10")
      let check = try ToolRun.run(tool: "ffmpeg", ["-v", "error", "-i", path, "-f", "null", "-"])
      #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
    }
  }
}

/// A project drawn inside another is planned with no output format of its own.
@Suite("chromake render: a child project's own output format", .tags(.endToEnd))
struct RenderChildFormatTests {
  @Test("a child that writes a GIF alone still gives the parent its picture and its sound")
  func childGIF() throws {
    try withScratchFolder { folder in
      try FFmpegCommand.ffmpeg([
        "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac",
        folder.path("tone.m4a"),
      ])
      try """
      version: 1
      output: { file: child.gif, size: 160x120, fps: 10, duration: 1s, video: { alpha: true }, background: transparent }
      layers:
        - { name: card, fill: "#FF8000", box: [40, 30, 80, 60] }
      audio:
        - { name: tone, source: tone.m4a }
      """.write(toFile: folder.path("child.yaml"), atomically: true, encoding: .utf8)
      try """
      version: 1
      output: { file: out.mp4, size: 160x120, fps: 10 }
      layers:
        - { name: child, project: child.yaml }
      """.write(toFile: folder.path("project.yaml"), atomically: true, encoding: .utf8)
      let run = try ChromakeBinary.run(
        ["render", "project.yaml", "--progress", "none"], in: folder.url)
      try #require(run.status == 0, "\(run.stderr)")
      let audio = try RenderOutputFormatTests.probe(folder.path("out.mp4"), "a:0", "codec_name")
      #expect(audio["codec_name"] == "aac", "the child's sound is in the parent's mix")
      let level = try ToolRun.run(
        tool: "ffmpeg",
        ["-i", folder.path("out.mp4"), "-af", "volumedetect", "-f", "null", "-"])
      let mean = level.stderr.split(separator: "\n").first { $0.contains("mean_volume") }
      let decibels = mean.flatMap { line in
        Double(line.split(separator: ":").last?.split(separator: " ").first ?? "")
      }
      #expect((decibels ?? -99) > -30, "\(String(describing: mean))")
      let seen = try RenderOutputFormatTests.pixels(
        folder.path("out.mp4"), frame: 5, at: [(80, 60), (10, 100)])
      #expect(RenderOutputFormatTests.near(seen.pixels[0], [255, 128, 0], 8))
      #expect(RenderOutputFormatTests.near(seen.pixels[1], [0, 0, 0], 6))
    }
  }
}

/// The formats people hand to another player: GStreamer's playbin plays each to its end.
@Suite("chromake render: output formats in GStreamer", .tags(.endToEnd))
struct RenderFormatPlaybackTests {
  /// GStreamer's elements these files need; empty when all are installed.
  static let missing: [String] = {
    guard let inspect = RenderSegmentPlaybackTests.find("gst-inspect-1.0") else { return ["gst"] }
    return ["matroskademux", "vp9dec", "opusdec", "avdec_h265", "avdec_prores", "qtdemux"]
      .filter { element in
        let run = try? ToolRun.run(URL(fileURLWithPath: inspect), ["--exists", element])
        return run?.status != 0
      }
  }()

  @Test(
    "a VP9 WebM with alpha, an HEVC MP4 with Opus and a ProRes 4444 MOV play to the end",
    .enabled(if: missing.isEmpty, "needs GStreamer with vp9dec, opusdec, avdec_h265, avdec_prores"),
    arguments: [
      ("out.webm", "  video: { alpha: true }", false),
      ("out.mp4", "  video: { codec: hevc }\n  audio: { codec: opus }", true),
      ("out.mov", "  video: { codec: prores, alpha: true }", false),
    ])
  func plays(file: String, output: String, sound: Bool) throws {
    try withScratchFolder { folder in
      let yaml = RenderOutputFormatTests.project(
        file: file, output: output, background: sound ? "\"#000000\"" : "transparent",
        sound: sound)
      let run = try RenderOutputFormatTests.render(yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      var pipeline = [
        "playbin", "uri=file://" + folder.path(file), "video-sink=fakesink sync=false",
      ]
      if sound { pipeline.append("audio-sink=fakesink sync=false") }
      _ = try RenderSegmentPlaybackTests.launch(pipeline, in: folder, file)
    }
  }
}

import Diagnostics
import PlanValues
import ProjectFile
import Testing

/// `output.file`'s extension, `output.video` and `output.audio` decide one format, and every
/// request the container or codec cannot honour is an error at the line that asks it.
@Suite("output formats: read and checked at their keys")
struct OutputFormatReadingTests {
  /// A project writing `file`, with `output` lines added under `output:`.
  static func load(file: String, _ output: String = "") -> LoadResult {
    ProjectLoader.load(
      text: text(file: file, output), path: "project.yaml",
      directory: "/tmp/chromake-output-formats", overrides: [])
  }

  static func text(file: String, _ output: String) -> String {
    """
    version: 1
    output:
      file: \(file)
      size: 640x360
      fps: 30
      duration: 1s
    \(output)
    layers:
      - name: card
        fill: "#FF8000"
    """
  }

  static func format(_ result: LoadResult) throws -> OutputFormat {
    let spec = try #require(result.spec)
    try #require(!result.diagnostics.hasErrors, "\(result.diagnostics)")
    let container = try #require(OutputContainer.of(path: spec.output.file.value))
    return try OutputFormat.decide(
      container: container, choice: spec.output.formatChoice,
      transparent: spec.output.background.value == .transparent,
      sampleRate: spec.output.audio.sampleRate.value
    ).get()
  }

  struct Default: Sendable, CustomTestStringConvertible {
    var file: String
    var video: VideoCodec
    var audio: AudioCodec?
    var testDescription: String { file }
  }

  @Test(
    "each container's defaults",
    arguments: [
      Default(file: "out.mp4", video: .h264, audio: .aac),
      Default(file: "out.MOV", video: .h264, audio: .aac),
      Default(file: "out.mkv", video: .h264, audio: .aac),
      Default(file: "out.webm", video: .vp9, audio: .opus),
      Default(file: "out.gif", video: .gif, audio: nil),
      Default(file: "out.webp", video: .webp, audio: nil),
      Default(file: "frames/%05d.png", video: .png, audio: nil),
    ])
  func defaults(_ expected: Default) throws {
    let format = try Self.format(Self.load(file: expected.file))
    #expect(format.video == expected.video)
    #expect(format.audio == expected.audio)
    #expect(format.alpha == false)
    #expect(format.crf == expected.video.defaultCRF)
    #expect(format.speed == expected.video.defaultSpeed)
  }

  @Test("codec settings are kept: hevc with a preset, vp9 and av1 with a speed")
  func settings() throws {
    let hevc = try Self.format(
      Self.load(file: "out.mp4", "  video: { codec: hevc, crf: 30, preset: fast }"))
    #expect(hevc.video == .hevc && hevc.crf == 30 && hevc.preset == "fast" && hevc.speed == nil)
    let vp9 = try Self.format(
      Self.load(
        file: "out.webm",
        "  background: transparent\n  video: { codec: vp9, crf: 40, speed: 2, alpha: true }"))
    #expect(vp9.video == .vp9 && vp9.crf == 40 && vp9.speed == 2 && vp9.preset == nil)
    #expect(vp9.alpha && vp9.pixelFormat == "yuva420p")
    let prores = try Self.format(
      Self.load(
        file: "out.mov",
        "  background: transparent\n  video: { codec: prores, alpha: true }\n"
          + "  audio: { codec: pcm }"))
    #expect(prores.pixelFormat == "yuva444p10le" && prores.audio == .pcm && prores.crf == nil)
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    var file: String
    var output: String
    /// The text the error points at: its first appearance in the project's `output:`.
    var at: String
    /// The start of its message.
    var message: String
    var testDescription: String { message }
  }

  @Test(
    "impossible combinations are located errors",
    arguments: [
      Refusal(
        file: "out.mp4", output: "  background: transparent\n  video: { alpha: true }",
        at: "true", message: "h264 in .mp4 cannot keep alpha"),
      Refusal(
        file: "out.mov", output: "  video: { codec: prores, alpha: true }", at: "true",
        message: "output.video.alpha needs 'output.background: transparent'"),
      Refusal(
        file: "out.mkv", output: "  background: transparent\n  video: { codec: vp9, alpha: true }",
        at: "true", message: "vp9 in .mkv cannot keep alpha"),
      Refusal(
        file: "out.webm", output: "  audio: { codec: aac }", at: "aac",
        message: ".webm cannot hold aac sound"),
      Refusal(
        file: "out.mp4", output: "  video: { codec: vp9 }", at: "vp9",
        message: ".mp4 cannot hold vp9 video"),
      Refusal(
        file: "out.gif", output: "  audio: { codec: aac }", at: "aac",
        message: ".gif has no sound"),
      Refusal(
        file: "out.mp4", output: "  video: { crf: 55 }", at: "55",
        message: "crf must be from 0 to 51 for h264, found 55"),
      Refusal(
        file: "out.webm", output: "  video: { preset: fast }", at: "fast",
        message: "vp9 has no preset setting"),
      Refusal(
        file: "out.mp4", output: "  video: { speed: 7 }", at: "7",
        message: "h264 has no speed setting"),
      Refusal(
        file: "out.webm", output: "  video: { speed: 9 }", at: "9",
        message: "speed must be from 0 to 5 for vp9, found 9"),
      Refusal(
        file: "out.mov", output: "  video: { codec: prores, crf: 10 }", at: "10",
        message: "prores has no crf setting"),
      Refusal(
        file: "out.mkv", output: "  audio: { codec: flac, bitrate: 320k }", at: "320k",
        message: "flac is lossless: it has no bit rate"),
      Refusal(
        file: "out.webm", output: "  audio: { sample_rate: 44100 }", at: "44100",
        message: "opus cannot be 44100 Hz"),
      Refusal(
        file: "out.webm", output: "  segment: 2s", at: "2s",
        message: "output.segment joins its segments into .mp4 and .mov files only"),
      Refusal(
        file: "frames/out.png", output: "", at: "frames/out.png",
        message: "a PNG sequence's name needs one frame-number pattern"),
      Refusal(
        file: "out.avi", output: "", at: "out.avi",
        message: "output.file must end in one of .mp4, .mov, .mkv, .webm, .gif, .webp, .png"),
    ])
  func refusals(_ refusal: Refusal) throws {
    let result = Self.load(file: refusal.file, refusal.output)
    let errors = result.diagnostics.filter { $0.severity == .error }
    try #require(errors.count == 1, "\(errors.map(\.message))")
    let error = errors[0]
    #expect(error.message.hasPrefix(refusal.message), "\(error.message)")
    // Where `at` first appears in the project text, 1-based.
    let lines = Self.text(file: refusal.file, refusal.output).split(
      separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.firstIndex { $0.contains(refusal.at) })
    let column = try #require(lines[line].range(of: refusal.at)).lowerBound
    #expect(error.location?.line == line + 1, "\(String(describing: error.location))")
    #expect(
      error.location?.column == lines[line].distance(from: lines[line].startIndex, to: column) + 1,
      "\(String(describing: error.location))")
  }

  @Test("every impossible request is reported at once, each at its own setting")
  func allAtOnce() throws {
    let result = Self.load(
      file: "out.webm",
      "  video: { preset: fast, speed: 9 }\n  audio: { codec: aac }")
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(
      errors.map(\.message) == [
        "vp9 has no preset setting", "speed must be from 0 to 5 for vp9, found 9",
        ".webm cannot hold aac sound",
      ])
    #expect(errors.map { $0.location?.line } == [7, 7, 8])
    #expect(errors.map { $0.location?.column } == [20, 33, 19])
  }

  @Test("an unknown codec name is an error naming the codecs, with a suggestion")
  func unknownCodec() throws {
    let result = Self.load(file: "out.mp4", "  video: { codec: h246 }")
    let error = try #require(result.diagnostics.first { $0.severity == .error })
    #expect(
      error.message
        == "output.video.codec must be one of h264, hevc, av1, vp9, prores, gif, webp, png, "
        + "found 'h246'")
    #expect(error.help == "did you mean 'h264'?")
  }

  @Test("a poster is read with its picture format and time")
  func poster() throws {
    let result = Self.load(file: "out.mp4", "  poster: { file: out/poster.jpg, at: 0.5s }")
    let poster = try #require(result.spec?.output.poster)
    #expect(poster.file.value == "out/poster.jpg")
    #expect(PosterFormat.of(path: poster.file.value) == .jpeg)
    let bad = Self.load(file: "out.mp4", "  poster: { file: out/poster.tiff }")
    #expect(
      bad.diagnostics.first?.message
        == "output.poster.file must end in .png, .jpg, .jpeg or .webp: 'out/poster.tiff'")
  }
}

/// A poster is an output: it may not overwrite an input or the render itself.
@Suite("output formats: the poster's path")
struct PosterPathTests {
  @Test("a poster named like an input image, or like one of the output's frames, is an error")
  func refused() throws {
    let text = """
      version: 1
      output:
        file: out.mp4
        size: 640x360
        fps: 30
        duration: 1s
        poster: { file: logo.png }
      layers:
        - { name: logo, image: logo.png }
      """
    let result = ProjectLoader.load(
      text: text, path: "project.yaml", directory: "/tmp/chromake-poster", overrides: [])
    let errors = result.diagnostics.filter { $0.id == "output-is-input" }
    #expect(
      errors.map(\.message) == ["output.poster.file is also an input: rendering would overwrite it"]
    )
    #expect(errors.first?.location?.line == 7)
    let same = ProjectLoader.load(
      text: text.replacingOccurrences(of: "file: out.mp4", with: "file: f/%03d.png")
        .replacingOccurrences(
          of: "poster: { file: logo.png }", with: "poster: { file: f/007.png }"),
      path: "project.yaml", directory: "/tmp/chromake-poster", overrides: [])
    #expect(
      same.diagnostics.contains {
        $0.message == "output.poster.file is one of the output's own frames"
      },
      "\(same.diagnostics.map(\.message))")
  }
}

/// An animated WebP and its WebP poster may not share a name: the poster would replace the movie
/// with one frame, and the next render would call that up to date.
@Suite("output formats: a poster named like the output")
struct PosterIsOutputTests {
  @Test("a poster at output.file's own path is an error at the poster, spelled alike or not")
  func refused() throws {
    for poster in ["out/anim.webp", "out/./anim.webp", "out/../out/anim.webp"] {
      let result = OutputFormatReadingTests.load(
        file: "out/anim.webp", "  poster: { file: \(poster) }")
      let errors = result.diagnostics.filter { $0.id == "poster-is-output" }
      #expect(errors.count == 1, "\(poster): \(result.diagnostics.map(\.message))")
      let error = try #require(errors.first)
      #expect(
        error.message
          == "output.poster.file is output.file itself: the poster would replace the movie")
      #expect(error.location?.line == 7 && error.notes.first?.location?.line == 3)
    }
    let apart = OutputFormatReadingTests.load(
      file: "out/anim.webp", "  poster: { file: out/poster.webp }")
    #expect(!apart.diagnostics.hasErrors, "\(apart.diagnostics.map(\.message))")
  }
}

import Diagnostics
import Foundation
import ProjectFile
import ProjectFixtures
import Testing
import Timeline

/// A `captions` layer's subtitle file as the project reads it: problems at their lines in the
/// subtitle file with the project's line as a note (golden diagnostics), and the file chosen by
/// `{{variables}}` and `--set`, or not read at all when the layer is off.
@Suite("Captions layers read their subtitle files")
struct CaptionsFileTests {
  // The broken subtitle files and the projects naming them are under `Fixtures/invalid`, where
  // `GoldenDiagnosticsTests` records and compares their diagnostics.

  @Test("there is a broken captions fixture for every kind of subtitle problem the issue names")
  func coverage() {
    let projects = Set(Fixtures.projects(in: "invalid"))
    for name in [
      "bad_subtitles_srt", "bad_subtitles_vtt", "subtitles_not_utf8", "subtitles_missing",
      "subtitles_unknown_format",
    ] {
      #expect(projects.contains("invalid/\(name).yaml"), "missing fixture \(name)")
    }
  }

  @Test("every malformed cue of a SubRip file is an error at its own line, all in one run")
  func everyCue() throws {
    // The last, a mistyped arrow, says so.
    let outcome = try Fixtures.run("invalid/bad_subtitles_srt.yaml")
    let errors = outcome.diagnostics.filter { $0.severity == .error }
    #expect(
      errors.allSatisfy { Fixtures.relative($0.location?.file ?? "") == "invalid/broken.srt" },
      "\(Fixtures.printed(outcome))")
    #expect(
      errors.compactMap { $0.location.map { "\($0.line):\($0.column)" } } == [
        "6:21", "10:7", "14:10", "18:1", "18:15", "22:1", "28:1", "31:24", "35:14", "42:10",
        "50:1",
      ], "\(Fixtures.printed(outcome))")
    // Each names the project's line that names the file: `captions: invalid/broken.srt`.
    let named = Diagnostics.SourceLocation(
      file: "invalid/bad_subtitles_srt.yaml", line: 11, column: 15, length: 18)
    #expect(
      errors.last?.message == "cue 13's timing line needs the arrow '-->' between its two times")
    for error in errors {
      #expect(error.notes.map(\.message) == ["the file is named here"])
      #expect(error.notes.first?.location == named)
    }
  }

  @Test("a WebVTT file without its WEBVTT line is an error at its first line")
  func noSignature() throws {
    let outcome = try Fixtures.run("invalid/bad_subtitles_vtt.yaml")
    let missing = try #require(outcome.diagnostics.first { $0.id == "bad-webvtt" })
    let location = try #require(missing.location)
    #expect(Fixtures.relative(location.file) == "invalid/no_signature.vtt")
    #expect(location.line == 1 && location.column == 1 && location.length == 6)
    #expect(missing.notes.first?.location?.line == 15)
    // The other file's problems name the other layer's line.
    #expect(
      outcome.diagnostics.filter { $0.id != "bad-webvtt" }.allSatisfy {
        $0.notes.first?.location?.line == 11
      })
  }

  // MARK: Files chosen by variables

  /// Loads `text` as `project.yaml` in a fresh folder holding `files` (path → contents).
  static func load(
    _ text: String, files: [String: String] = [:], set overrides: [String: String] = [:]
  ) throws -> LoadResult {
    try PathRulesTests.load(text, set: overrides) { folder in
      for (path, contents) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
      }
    }
  }

  static let languages = [
    "media/en.srt": "1\n00:00:01,000 --> 00:00:02,500\nHello\n",
    "media/fr.srt": "1\n00:00:01,500 --> 00:00:03,000\nBonjour\n",
    "media/ar.vtt": "WEBVTT\n\n00:02.000 --> 00:04.000\nمرحبا\n",
  ]

  /// A project whose only layer shows `captions`, with `lang: en` by default.
  static func project(captions: String, extra: String = "") -> String {
    """
    version: 1
    variables:
      lang: en
      ext: srt
    output:
      file: out/x.mp4
      size: 640x360
      fps: 30
      duration: 5s
    layers:
      - name: subtitles
        captions: \(captions)
        font: "DejaVu Sans 32"
    \(extra)
    """
  }

  static func cues(_ result: LoadResult) throws -> [SubtitleCue] {
    let layer = try #require(result.spec?.layers.first)
    guard case .captions(let captions) = layer.content else {
      Issue.record("layer is \(layer.content.kind), not captions")
      return []
    }
    return captions.cues
  }

  @Test("captions: \"media/{{lang}}.srt\" reads the file the variables and --set name")
  func templatedPath() throws {
    let text = Self.project(captions: "\"media/{{lang}}.{{ext}}\"")
    let byDefault = try Self.load(text, files: Self.languages)
    #expect(byDefault.diagnostics.isEmpty, "\(byDefault.diagnostics)")
    #expect(try Self.cues(byDefault).map(\.text) == ["Hello"])
    #expect(try Self.cues(byDefault).map(\.start) == [Rational(1)])
    // Outside the folder the tests run in, the file is named by its absolute path.
    #expect(
      try Self.cues(byDefault).first?.location.file.hasSuffix("/project/media/en.srt") == true)

    let french = try Self.load(text, files: Self.languages, set: ["lang": "fr"])
    #expect(french.diagnostics.isEmpty, "\(french.diagnostics)")
    #expect(try Self.cues(french).map(\.text) == ["Bonjour"])
    #expect(try Self.cues(french).map(\.start) == [Rational(3, 2)])
    #expect(try Self.cues(french).map(\.end) == [Rational(3)])

    // The format comes from the name after substitution.
    let arabic = try Self.load(text, files: Self.languages, set: ["lang": "ar", "ext": "vtt"])
    #expect(arabic.diagnostics.isEmpty, "\(arabic.diagnostics)")
    #expect(try Self.cues(arabic).map(\.text) == ["مرحبا"])
  }

  @Test("a subtitle file chosen by --set that does not exist is an error at the captions value")
  func templatedMissing() throws {
    let text = Self.project(captions: "\"media/{{lang}}.srt\"")
    let result = try Self.load(text, files: Self.languages, set: ["lang": "de"])
    let error = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(error.id == "unreadable-subtitles")
    #expect(error.message == "captions 'media/de.srt': subtitle file does not exist")
    // `    captions: "media/{{lang}}.srt"` on line 12.
    #expect(error.location?.line == 12 && error.location?.column == 15)
    #expect(error.notes.contains { $0.message.contains("'{{lang}}' was replaced by 'de'") })
  }

  @Test("a --set value may not lead the captions file out of the project's folder")
  func templatedOutside() throws {
    let text = Self.project(captions: "\"media/{{lang}}.srt\"")
    let result = try Self.load(text, files: Self.languages, set: ["lang": "../../secret"])
    #expect(result.diagnostics.map(\.id) == ["path-outside-project"])
  }

  @Test("a captions layer that is off (when: false) is not read: a missing file is no error")
  func offLayer() throws {
    let off = try Self.load(
      Self.project(captions: "media/not-there.srt", extra: "    when: false\n"),
      files: Self.languages)
    #expect(off.diagnostics.isEmpty, "\(off.diagnostics)")
    #expect(off.spec?.layers.isEmpty == true)

    // Nor is a broken one, or one chosen by a variable that is off.
    let broken = try Self.load(
      Self.project(captions: "\"media/{{lang}}.srt\"", extra: "    when: \"{{show}}\"\n"),
      files: ["media/xx.srt": "not a subtitle file\n"], set: ["lang": "xx", "show": ""])
    #expect(broken.diagnostics.isEmpty, "\(broken.diagnostics)")

    // Turned on, the same layer reports its file.
    let on = try Self.load(
      Self.project(captions: "\"media/{{lang}}.srt\"", extra: "    when: \"{{show}}\"\n"),
      files: ["media/xx.srt": "not a subtitle file\n"], set: ["lang": "xx", "show": "yes"])
    #expect(on.diagnostics.map(\.id) == ["bad-cue"])
    #expect(on.diagnostics.first?.location?.file.hasSuffix("/project/media/xx.srt") == true)
  }

  @Test("a subtitle file's problems are quoted from its own lines, whatever its line endings")
  func quotedLines() throws {
    for ending in ["\n", "\r\n", "\r"] {
      let srt = [
        "1", "00:00:01,000 --> 00:00:02,000", "Fine.", "", "2", "00:00:03,000 --> 00:03,000",
        "Bad.",
      ]
      .joined(separator: ending)
      let result = try Self.load(
        Self.project(captions: "media/en.srt"), files: ["media/en.srt": srt])
      let printed = DiagnosticPrinter(sources: result.sources, useColor: false)
        .render(result.diagnostics)
      #expect(
        printed.contains(
          "media/en.srt:6:18: error: '00:03,000' has no hours; a SubRip time is "
            + "hours:minutes:seconds,milliseconds such as 00:01:02,500 [bad-cue-time]\n"
            + " 6 | 00:00:03,000 --> 00:03,000\n"
            + "   |                  ^~~~~~~~~\n"),
        "\(Array(ending.unicodeScalars)):\n\(printed)")
    }
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Names and text from the user's files reach the terminal escaped: no control character
/// (which could retitle the terminal, ring its bell or move the cursor) and no bidirectional
/// formatting character (which could reorder the line it is in) is printed raw.
@Suite(
  "Terminal escapes: file names and quoted text never print control or bidi characters",
  .tags(.endToEnd))
struct TerminalEscapeTests {
  /// A file name holding an OSC title sequence, BEL, an ESC colour sequence, a C1 CSI and a
  /// right-to-left override that would show `…wav.exe` as `…exe.wav`.
  static let hostileName =
    "a\u{1B}]0;owned\u{7}\u{1B}[31mred\u{9B}2J\u{202E}vaw.exe\u{2066}.wav"

  /// The scalars a terminal would act on, or reorder by, found in `text` (line feeds are
  /// fine).
  static func unsafe(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      let v = scalar.value
      return (v < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(v)
        || [0x061C, 0x200E, 0x200F].contains(v) || (0x202A...0x202E).contains(v)
        || (0x2066...0x2069).contains(v)
    }
  }

  @Test("loudness prints a hostile file name escaped, in text, in JSON and in its errors")
  func loudnessFileName() throws {
    try withScratchFolder { folder in
      let path = folder.path(Self.hostileName)
      try FloatWAV.write([FloatWAV.sine(dBFS: -20, seconds: 1)], to: path)
      let text = try ChromakeBinary.run(["loudness", path])
      #expect(text.status == 0, "\(text.stderr)")
      #expect(Self.unsafe(text.stdout + text.stderr).isEmpty, "\(text.stdout.debugDescription)")
      #expect(text.stdout.contains("\\u{1B}]0;owned\\u{7}"), "\(text.stdout)")
      #expect(text.stdout.contains("\\u{202E}vaw.exe"), "\(text.stdout)")

      let json = try ChromakeBinary.run(["loudness", path, "--json"])
      #expect(json.status == 0, "\(json.stderr)")
      #expect(Self.unsafe(json.stdout + json.stderr).isEmpty, "\(json.stdout.debugDescription)")
      // Escaped as JSON escapes, so a script still reads the real name.
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      #expect(object["file"] as? String == path)

      let notMedia = folder.path("not media \u{202E}\u{1B}[2J.wav")
      try Data("not a wav".utf8).write(to: URL(fileURLWithPath: notMedia))
      let failed = try ChromakeBinary.run(["loudness", notMedia])
      #expect(failed.status != 0)
      #expect(failed.stderr.contains("not media"), "\(failed.stderr)")
      #expect(
        Self.unsafe(failed.stdout + failed.stderr).isEmpty, "\(failed.stderr.debugDescription)")
    }
  }

  @Test("a right-to-left override in a subtitle file or the project is escaped in diagnostics")
  func bidiInDiagnostics() throws {
    try withScratchFolder { folder in
      try """
      1
      00:00:01,000 --> 00:61:00,000 \u{202E}evil\u{2069}
      words \u{202E}reversed

      """.write(toFile: folder.path("subs.srt"), atomically: true, encoding: .utf8)
      try """
      version: 1
      output: { file: out.mp4, size: 64x48, fps: 25, duration: 1s }
      layers:
        - { name: "caption\u{202E}s", captions: subs.srt, box: [0, 0, 64, 48], colour: "#fff\u{200F}" }
      """.write(toFile: folder.path("project.yaml"), atomically: true, encoding: .utf8)
      let run = try ChromakeBinary.run(["check", "project.yaml"], in: folder.url)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(run.stderr.contains("subs.srt:2:"), "\(run.stderr)")
      #expect(run.stderr.contains("\\u{202E}"), "\(run.stderr)")
      #expect(Self.unsafe(run.stdout + run.stderr).isEmpty, "\(run.stderr.debugDescription)")
    }
  }
}

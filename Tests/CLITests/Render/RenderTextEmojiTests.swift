import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Emoji and characters no font has, through the real `chromake`: `frame` draws emoji in colour
/// (Pillow decodes the PNG, numpy counts its hues), and `check` warns about a character no
/// installed font draws at its line, naming it and the package that would draw it. Hiding the
/// emoji font from fontconfig (`FONTCONFIG_FILE`) shows what a machine without it gets.
@Suite("Render text: colour emoji and the missing-glyph warning", .tags(.endToEnd))
struct RenderTextEmojiTests {
  static let plate = "32,32,32"

  /// Emoji in the left box, white letters in the right one, on a dark grey plate.
  static let project = """
    version: 1
    output: { file: out.mp4, size: 480x200, fps: 10, duration: 0.1s, background: "#202020" }
    layers:
      - name: emoji
        text: "🎉👍"
        font: DejaVu Sans 96
        box: [20, 20, 300, 160]
      - name: letters
        text: "AB"
        font: DejaVu Sans 64
        box: [340, 20, 120, 160]
    """

  /// The hues `Tests/Measurements/picture_hues.py` finds in a rectangle of `png`.
  static func hues(_ png: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int) throws -> (
    drawn: Int, bins: [Int], box: [Int]?
  ) {
    let script = SoundJudge.measurements.appendingPathComponent("picture_hues.py").path
    let run = try ToolRun.run(
      tool: "python3", [script, png, "\(x)", "\(y)", "\(width)", "\(height)", plate])
    guard run.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      let drawn = json["drawn"] as? Int, let bins = json["hue_bins"] as? [Int]
    else { throw ToolFailure(description: "picture_hues.py failed:\n\(run.stderr)") }
    return (drawn, bins, json["box"] as? [Int])
  }

  /// A fontconfig configuration that is the system's without Noto Color Emoji.
  static func withoutEmojiFont(in folder: ScratchFolder) throws -> [String: String] {
    let file = folder.path("fonts.conf")
    try """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
    <fontconfig>
      <include ignore_missing="no">/etc/fonts/fonts.conf</include>
      <selectfont><rejectfont><pattern>
        <patelt name="family"><string>Noto Color Emoji</string></patelt>
      </pattern></rejectfont></selectfont>
    </fontconfig>
    """.write(toFile: file, atomically: true, encoding: .utf8)
    return ["FONTCONFIG_FILE": file]
  }

  @Test("chromake frame draws 🎉 and 👍 in colour inside their box, letters without hue")
  func emojiInColour() throws {
    try withScratchFolder { folder in
      try Self.project.write(toFile: folder.path("p.yaml"), atomically: true, encoding: .utf8)
      let check = try ChromakeBinary.run(["check", "p.yaml"], in: folder.url)
      #expect(check.status == 0 && !check.stderr.contains("warning"), "\(check.stderr)")
      let frame = try ChromakeBinary.run(
        ["frame", "p.yaml", "--at", "0s", "-o", "f.png"], in: folder.url)
      try #require(frame.status == 0, "\(frame.stderr)")
      let emoji = try Self.hues(folder.path("f.png"), 0, 0, 330, 200)
      #expect(emoji.drawn > 3000, "\(emoji)")
      #expect(emoji.bins.count >= 3, "hues of the emoji: \(emoji)")
      let box = try #require(emoji.box)
      #expect(box[0] >= 20 && box[1] >= 20 && box[2] < 320 && box[3] < 180, "\(box)")
      let letters = try Self.hues(folder.path("f.png"), 330, 0, 150, 200)
      #expect(letters.drawn > 500 && letters.bins.isEmpty, "the letters are white: \(letters)")
    }
  }

  @Test("without the emoji font, check names 🎉 and its package, and frame draws no colour")
  func withoutTheEmojiFont() throws {
    try withScratchFolder { folder in
      try Self.project.write(toFile: folder.path("p.yaml"), atomically: true, encoding: .utf8)
      let hidden = try Self.withoutEmojiFont(in: folder)
      let check = try ChromakeBinary.run(["check", "p.yaml"], in: folder.url, environment: hidden)
      #expect(check.status == 0, "warnings only: \(check.stderr)")
      // 👍 is still drawn, in one colour, from Noto Sans Symbols 2 (fonts-noto-core); 🎉 is in
      // no other font.
      #expect(
        check.stderr.contains(
          "p.yaml:5:11: warning: layer 'emoji': U+1F389 🎉 has no glyph in any installed font "
            + "and shows as a box [missing-glyphs]"), "\(check.stderr)")
      #expect(
        check.stderr.contains("help: install fonts-noto-color-emoji (for emoji)"),
        "\(check.stderr)")
      #expect(!check.stderr.contains("layer 'letters'"), "\(check.stderr)")
      let frame = try ChromakeBinary.run(
        ["frame", "p.yaml", "--at", "0s", "-o", "f.png"], in: folder.url, environment: hidden)
      try #require(frame.status == 0, "\(frame.stderr)")
      let boxes = try Self.hues(folder.path("f.png"), 0, 0, 330, 200)
      #expect(boxes.drawn > 200 && boxes.bins.isEmpty, "boxes, not colour: \(boxes)")
    }
  }

  @Test("a character no font has: a warning at the text, and at the first cue with a count")
  func missingCharacterWarnings() throws {
    try withScratchFolder { folder in
      let yaml = """
        version: 1
        output: { file: out.mp4, size: 320x180, fps: 10, duration: 3s }
        layers:
          - name: title
            text: "Sale \\uE000 today"
            box: [10, 10, 300, 60]
          - name: subs
            captions: subs.srt
            box: [10, 100, 300, 60]
            font: DejaVu Sans 20
        """
      let srt = """
        1
        00:00:00,000 --> 00:00:01,000
        All fine

        2
        00:00:01,000 --> 00:00:02,000
        A box \u{E000} here

        3
        00:00:02,000 --> 00:00:03,000
        And \u{10FFFD} there

        """
      try yaml.write(toFile: folder.path("p.yaml"), atomically: true, encoding: .utf8)
      try srt.write(toFile: folder.path("subs.srt"), atomically: true, encoding: .utf8)
      let check = try ChromakeBinary.run(["check", "p.yaml"], in: folder.url)
      #expect(check.status == 0, "\(check.stderr)")
      let expected = [
        "p.yaml:5:11: warning: layer 'title': U+E000 has no glyph in any installed font and "
          + "shows as a box [missing-glyphs]",
        "subs.srt:6:1: warning: layer 'subs': 2 characters have no glyph in any installed font "
          + "and show as boxes: U+E000, U+10FFFD (here and in 1 more cue) [missing-glyphs]",
        "help: install a font that covers it",
        "help: install a font that covers them",
      ]
      for line in expected {
        #expect(check.stderr.contains(line), "\(line)\n\(check.stderr)")
      }
      // The render says it once, as check did, and draws the boxes.
      let render = try ChromakeBinary.run(
        ["render", "p.yaml", "--progress", "none"], in: folder.url)
      #expect(render.status == 0, "\(render.stderr)")
      #expect(
        render.stderr.components(separatedBy: "[missing-glyphs]").count == 3, "\(render.stderr)")
    }
  }
}

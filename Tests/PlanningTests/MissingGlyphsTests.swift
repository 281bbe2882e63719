import Diagnostics
import Testing

@testable import Planning

/// The missing-glyph warning's words: the characters named once each, the packages that would
/// draw them, and one warning for many places.
@Suite struct MissingGlyphsTests {
  static let here = SourceLocation(file: "a.yaml", line: 9, column: 11)

  static func warning(_ characters: [Unicode.Scalar], place: String? = nil) throws -> Diagnostic {
    var missing = MissingGlyphs()
    missing.add(characters, at: here)
    return try #require(missing.warning(owner: "layer 'title'", place: place))
  }

  @Test("one emoji: its code point and itself, and the emoji font's package")
  func oneEmoji() throws {
    let warning = try Self.warning(["\u{1F389}"])
    #expect(warning.severity == .warning && warning.id == "missing-glyphs")
    #expect(
      warning.message
        == "layer 'title': U+1F389 🎉 has no glyph in any installed font and shows as a box")
    #expect(warning.help == "install fonts-noto-color-emoji (for emoji)")
    #expect(warning.location == Self.here)
  }

  @Test("each package once with its scripts, and a font for what no package is known to draw")
  func packagesByScript() throws {
    let warning = try Self.warning([
      "\u{0627}", "\u{1F44D}", "\u{05D0}", "\u{E000}", "\u{4F60}", "\u{0628}", "\u{10FFFD}",
    ])
    #expect(
      warning.message
        == "layer 'title': 7 characters have no glyph in any installed font and show as boxes: "
        + "U+0627 ا, U+1F44D 👍, U+05D0 א, U+E000, U+4F60 你, U+0628 ب, U+10FFFD")
    #expect(
      warning.help
        == "install fonts-noto-core (for Arabic, Hebrew), fonts-noto-color-emoji (for emoji), "
        + "fonts-noto-cjk or fonts-wqy-microhei (for CJK) and a font that covers U+E000, "
        + "U+10FFFD")
  }

  @Test("characters no package is known for: a font that covers them")
  func unknownOnly() throws {
    #expect(try Self.warning(["\u{E000}"]).help == "install a font that covers it")
    #expect(try Self.warning(["\u{E000}", "\u{0378}"]).help == "install a font that covers them")
  }

  @Test("control characters: to remove, since no font draws them")
  func controlCharacters() throws {
    #expect(
      try Self.warning(["\u{0001}"]).help == "remove it: control characters are drawn by no font")
    #expect(
      try Self.warning(["\u{0001}", "\u{E000}", "\u{007F}"]).help
        == "install a font that covers U+E000; remove U+0001, U+007F: control characters are "
        + "drawn by no font")
  }

  @Test("invisible characters are named by code point alone")
  func invisibleByCodePoint() {
    #expect(MissingGlyphs.describe("\u{0001}") == "U+0001")
    #expect(MissingGlyphs.describe("\u{0301}") == "U+0301")
    #expect(MissingGlyphs.describe("\u{13000}") == "U+13000 𓀀")
  }

  @Test("many characters: eight named, the rest counted")
  func manyCharacters() throws {
    let characters = (0..<20).compactMap { Unicode.Scalar(0xE000 + $0) }
    let warning = try Self.warning(characters)
    #expect(warning.message.hasSuffix("U+E006, U+E007 and 12 more"), "\(warning.message)")
    #expect(warning.message.contains("20 characters"))
    #expect(warning.help == "install a font that covers them")
  }

  @Test("many places: one warning at the first, counting the others once each")
  func manyPlaces() throws {
    var missing = MissingGlyphs()
    let cue = { (line: Int) in SourceLocation(file: "a.srt", line: line, column: 1) }
    missing.add(["\u{E000}"], at: cue(10))
    missing.add(["\u{E000}"], at: cue(6))
    missing.add(["\u{E001}"], at: cue(10))  // the same cue on a second page
    missing.add([], at: cue(2))  // a cue with nothing missing
    missing.add(["\u{E000}"], at: cue(14))
    let warning = try #require(missing.warning(owner: "layer 'subs'", place: "cue"))
    #expect(warning.location == cue(6))
    #expect(
      warning.message
        == "layer 'subs': 2 characters have no glyph in any installed font and show as boxes: "
        + "U+E000, U+E001 (here and in 2 more cues)")
    #expect(MissingGlyphs().warning(owner: "layer 'subs'", place: "cue") == nil)
  }

  @Test(
    "the package table",
    arguments: [
      ("\u{1F389}", "fonts-noto-color-emoji"), ("\u{2764}", "fonts-noto-color-emoji"),
      ("\u{0915}", "fonts-noto-core"), ("\u{0E01}", "fonts-noto-core"),
      ("\u{05D0}", "fonts-noto-core"), ("\u{FEFB}", "fonts-noto-core"),
      ("\u{3042}", "fonts-noto-cjk or fonts-wqy-microhei"),
      ("\u{AC00}", "fonts-noto-cjk or fonts-wqy-microhei"),
      ("\u{20000}", "fonts-noto-cjk or fonts-wqy-microhei"),
    ] as [(Unicode.Scalar, String)])
  func packageTable(character: Unicode.Scalar, package: String) {
    #expect(MissingGlyphFonts.source(of: character)?.package == package)
  }

  @Test("no package for private-use, unassigned or ASCII characters")
  func noPackage() {
    for character: Unicode.Scalar in ["\u{E000}", "\u{0378}", "\u{10FFFD}", "1", "#", "a"] {
      #expect(MissingGlyphFonts.source(of: character) == nil, "\(character.value)")
    }
  }
}

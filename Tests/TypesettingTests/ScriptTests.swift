import PlanValues
import Testing
import Typesetting

/// Writing systems: shaping, fallback to fonts that cover them, visual alignment of right-to-left
/// text, and characters no font covers.
@Suite struct ScriptTests {
  @Test(arguments: [
    "مرحبا بالعالم",  // Arabic: joined, right to left
    "שלום עולם",  // Hebrew
    "Crème brûlée — ½ prix",  // accented Latin and symbols
    "你好世界",  // Chinese, from WenQuanYi Micro Hei by fallback
    "こんにちは",  // Japanese kana, also from WenQuanYi
  ])
  func everyInstalledScriptHasGlyphs(text: String) throws {
    let picture = try Typesetter.render(
      TextStyle(text: text, font: "DejaVu Sans 40"), width: 600, height: 100)
    #expect(picture.missingGlyphs == 0)
    let ink = try #require(picture.ink())
    #expect(ink.width > 80)
  }

  @Test func charactersNoFontCoversAreCounted() throws {
    // U+10FFFD is private use (plane 16), which no installed font covers, and U+0378 is
    // unassigned; each is drawn as a box of hex digits and counted.
    let picture = try Typesetter.render(
      TextStyle(text: "a\u{10FFFD}b\u{0378}c"), width: 600, height: 100)
    #expect(picture.missingGlyphs == 2)
  }

  @Test func invisibleFormatCharactersAreNotMissing() throws {
    // Zero-width space and joiner are default-ignorable: Pango draws nothing for them.
    let picture = try Typesetter.render(
      TextStyle(text: "a\u{200B}b\u{200D}c"), width: 600, height: 100)
    #expect(picture.missingGlyphs == 0)
  }

  @Test(arguments: [TextAlign.left, .right])
  func rightToLeftTextAlignsVisually(alignment: TextAlign) throws {
    let style = TextStyle(
      text: "مرحبا بالعالم", font: "DejaVu Sans 40", alignment: alignment, padding: 20)
    let ink = try #require(try Typesetter.render(style, width: 600, height: 100).ink())
    switch alignment {
    case .left: #expect((20...28).contains(ink.minX), "\(ink)")
    default: #expect((572...579).contains(ink.maxX), "\(ink)")
    }
  }

  @Test(
    "Arabic and Hebrew read right to left: the first word is drawn rightmost, as English's last",
    arguments: [
      (["שלום", "עולם"], true), (["مرحبا", "بالعالم"], true), (["Hello", "world"], false),
    ])
  func wordsAreDrawnInReadingOrder(words: [String], rightToLeft: Bool) throws {
    func picture(_ text: String) throws -> TextPicture {
      try Typesetter.render(
        TextStyle(text: text, font: "DejaVu Sans 40", alignment: .right, padding: 20),
        width: 600, height: 100)
    }
    let line = try picture(words.joined(separator: " "))
    #expect(line.missingGlyphs == 0)
    let rightmost = try picture(rightToLeft ? words[0] : words[1])
    let leftmost = try picture(rightToLeft ? words[1] : words[0])
    let right = try #require(rightmost.ink())
    let left = try #require(leftmost.ink())
    let whole = try #require(line.ink())
    // Set against the right edge, the rightmost word alone lands where it lies in the line:
    // the same pixels in its columns (to within antialiasing of positions 1/1024 px apart).
    var difference = 0
    var count = 0
    for y in 0..<line.height {
      for x in right.minX...right.maxX {
        difference += abs(Int(line.pixel(x, y)[3]) - Int(rightmost.pixel(x, y)[3]))
        count += 1
      }
    }
    #expect(Double(difference) / Double(count) < 2, "mean alpha difference \(difference / count)")
    // And the other word lies to its left, the line as wide as both with a space between.
    #expect(
      abs(whole.maxX - right.maxX) <= 1 && whole.minX < right.minX - left.width + 2, "\(whole)")
  }

  @Test func paragraphsOfBothDirectionsAlignToTheSameEdge() throws {
    let style = TextStyle(
      text: "Hello\nمرحبا بالعالم\nHello", font: "DejaVu Sans 40", alignment: .right,
      padding: 20)
    let picture = try Typesetter.render(style, width: 600, height: 300)
    let lineHeight = 47  // DejaVu Sans's 1.164 em at 40 pixels
    for line in 0..<3 {
      let rows = 20 + line * lineHeight..<20 + (line + 1) * lineHeight
      let ink = try #require(picture.ink(rows: rows))
      #expect((572...579).contains(ink.maxX), "line \(line): \(ink)")
    }
  }

  @Test func markupIsShownLiterally() throws {
    let tagged = try Typesetter.render(TextStyle(text: "<b>1 & 2</b>"), width: 800, height: 100)
    let plain = try Typesetter.render(TextStyle(text: "1 & 2"), width: 800, height: 100)
    let taggedInk = try #require(tagged.ink())
    let plainInk = try #require(plain.ink())
    #expect(taggedInk.width > plainInk.width + 100)
    #expect(tagged.missingGlyphs == 0)
  }

  @Test func aNulCharacterDoesNotCutTheText() throws {
    let withNul = try Typesetter.render(TextStyle(text: "ab\0cd"), width: 400, height: 100)
    let without = try Typesetter.render(TextStyle(text: "abcd"), width: 400, height: 100)
    #expect(withNul.pixels == without.pixels)
  }
}

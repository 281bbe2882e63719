import PlanValues
import Testing
import Typesetting

/// The characters no installed font has, as the measurer reports them for the missing-glyph
/// warning: each once, in the order of the text, whatever the direction it is drawn in. The
/// private-use U+E000 and U+10FFFD are in no font on a machine set up by `scripts/install-deps`
/// (`fc-list ':charset=e000'` lists none), and neither is the unassigned U+0378.
@Suite struct MissingCharacterTests {
  static func fit(_ text: String, width: Int = 800, ellipsis: Bool = false) throws -> TextFit {
    try Typesetter.fit(
      TextStyle(text: text, font: "DejaVu Sans 32"), width: width, height: 200, sizeMin: nil,
      ellipsis: ellipsis)
  }

  @Test("each missing character once, in the text's order")
  func eachOnceInOrder() throws {
    let fit = try Self.fit("a\u{E000}b\u{10FFFD}c\u{E000}\u{0378}")
    #expect(fit.missingCharacters == ["\u{E000}", "\u{10FFFD}", "\u{0378}"])
    #expect(try Self.fit("plain words").missingCharacters.isEmpty)
  }

  @Test("in a right-to-left line, still in the text's order, not the drawing's")
  func rightToLeftInTextOrder() throws {
    let fit = try Self.fit("שלום \u{10FFFD} עולם \u{E000} סוף")
    #expect(fit.missingCharacters == ["\u{10FFFD}", "\u{E000}"])
    let arabic = try Self.fit("مرحبا \u{E000} بالعالم \u{10FFFD}")
    #expect(arabic.missingCharacters == ["\u{E000}", "\u{10FFFD}"])
  }

  @Test("across wrapped lines")
  func acrossLines() throws {
    let fit = try Self.fit(
      "one \u{E000} two three four five six seven \u{10FFFD} eight", width: 120)
    #expect(fit.lineCount > 2)
    #expect(fit.missingCharacters == ["\u{E000}", "\u{10FFFD}"])
  }

  @Test("emoji, Arabic, Hebrew, CJK and Devanagari have glyphs")
  func installedScriptsAreNotMissing() throws {
    let fit = try Self.fit("🎉 👍 مرحبا שלום 你好 こんにちは 안녕 नमस्ते สวัสดี Γειά")
    #expect(fit.missingCharacters.isEmpty, "\(fit.missingCharacters)")
  }

  @Test("the planner's measurer passes them on")
  func theMeasurerPassesThemOn() throws {
    let request = TextFitRequest(
      text: "Sale \u{E000}", font: "DejaVu Sans 32", lineSpacing: 1, padding: 0,
      outlineWidth: nil, width: 400, height: 100, sizeMin: nil, maxLines: nil, ellipsis: false)
    let result = try TypesetTextFitter().fit(request).get()
    #expect(result.missingCharacters == ["\u{E000}"])
  }
}

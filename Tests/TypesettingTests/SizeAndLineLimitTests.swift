import PlanValues
import Testing
import Typesetting

/// A style's pixel size, which replaces its font's, and its limit on lines drawn.
@Suite struct SizeAndLineLimitTests {
  static let fourLines = "one\ntwo\nthree\nfour"

  @Test func aPixelSizeReplacesTheFontsSize() throws {
    let replaced = try Typesetter.render(
      TextStyle(text: "Hg", font: "DejaVu Sans Bold 20", pixelSize: 100), width: 300, height: 200)
    let written = try Typesetter.render(
      TextStyle(text: "Hg", font: "DejaVu Sans Bold 100"), width: 300, height: 200)
    #expect(replaced.pixels == written.pixels)
    // H's cap height in DejaVu Sans is 0.729 em, whatever size the description gives.
    for font in ["DejaVu Sans 20", "DejaVu Sans"] {
      for (size, heights) in [(100.0, 71...75), (50, 35...38)] {
        let style = TextStyle(text: "H", font: font, pixelSize: size)
        let ink = try #require(try Typesetter.render(style, width: 200, height: 200).ink())
        #expect(heights.contains(ink.height), "\(font) at \(size): \(ink)")
      }
    }
  }

  @Test func pixelSizesOutsideTheLimitsThrow() {
    for size in [0, -5, .nan, .infinity, 20000] as [Double] {
      #expect(throws: TypesettingError.self, "\(size)") {
        try Typesetter.render(TextStyle(text: "x", pixelSize: size), width: 100, height: 100)
      }
    }
  }

  @Test func aPixelSizeStandsInForAnUnusableSizeInTheFont() throws {
    let picture = try Typesetter.render(
      TextStyle(text: "H", font: "DejaVu Sans 0", pixelSize: 40), width: 100, height: 100)
    #expect(try #require(picture.ink()).height > 25)
  }

  @Test func linesAfterMaxLinesAreNotDrawn() throws {
    func render(_ maxLines: Int?) throws -> TextPicture {
      try Typesetter.render(
        TextStyle(text: Self.fourLines, font: "DejaVu Sans 40", maxLines: maxLines), width: 300,
        height: 300)
    }
    let all = try render(nil)
    let allOverflow = all.overflows
    #expect(!allOverflow)
    #expect(try #require(all.ink()).maxY > 150)
    let two = try render(2)
    let twoOverflow = two.overflows
    #expect(twoOverflow)
    // Two lines of DejaVu Sans at 40 are 93 pixels tall.
    let ink = try #require(two.ink(threshold: 0))
    #expect(ink.maxY < 95, "\(ink)")
    #expect(ink.maxY > 60, "the second line is drawn: \(ink)")
    #expect(two.pixels == (try render(2)).pixels)
    let four = try render(4)
    let fourOverflow = four.overflows
    #expect(!fourOverflow)
    #expect(four.pixels == all.pixels)
  }

  @Test func verticalAlignmentPlacesTheLinesDrawn() throws {
    func ink(
      _ vertical: TextVerticalAlign, maxLines: Int?, text: String, lineSpacing: Double = 1
    ) throws -> InkBox {
      let style = TextStyle(
        text: text, font: "DejaVu Sans 40", verticalAlignment: vertical, lineSpacing: lineSpacing,
        padding: 10, maxLines: maxLines)
      return try #require(try Typesetter.render(style, width: 300, height: 300).ink())
    }
    // Cut to two lines, the block sits where two lines written alone would, whatever the
    // spacing between them.
    for vertical in [TextVerticalAlign.top, .middle, .bottom] {
      for spacing in [1, 1.6, 0.7] {
        let cut = try ink(vertical, maxLines: 2, text: "Hg\nHg\nHg\nHg", lineSpacing: spacing)
        let two = try ink(vertical, maxLines: nil, text: "Hg\nHg", lineSpacing: spacing)
        #expect(cut == two, "\(vertical) spacing \(spacing)")
      }
    }
    let bottom = try ink(.bottom, maxLines: 2, text: "Hg\nHg\nHg\nHg")
    #expect(bottom.maxY > 270 && bottom.minY > 190, "\(bottom)")
  }

  @Test func maxLinesCountsWrappedLines() throws {
    let sentence = "The quick brown fox jumps over the lazy dog, again and again and again."
    let style = TextStyle(text: sentence, font: "DejaVu Sans 30", maxLines: 1)
    let picture = try Typesetter.render(style, width: 300, height: 300)
    let overflows = picture.overflows
    #expect(overflows)
    #expect(try #require(picture.ink(threshold: 0)).maxY < 36)
  }

  @Test func maxLinesBelowOneThrows() {
    #expect(throws: TypesettingError.self) {
      try Typesetter.render(TextStyle(text: "x", maxLines: 0), width: 100, height: 100)
    }
  }
}

import PlanValues
import Testing
import Typesetting

/// Where text lands: inside the padding, against the edges alignment names.
@Suite struct PlacementTests {
  static let sentence = "The quick brown fox jumps over the lazy dog, again and again and again."

  @Test(arguments: [TextAlign.left, .center, .right])
  func inkStaysInsideThePadding(alignment: TextAlign) throws {
    for vertical in [TextVerticalAlign.top, .middle, .bottom] {
      let style = TextStyle(
        text: Self.sentence, font: "DejaVu Sans 40", alignment: alignment,
        verticalAlignment: vertical, padding: 20)
      let picture = try Typesetter.render(style, width: 400, height: 200)
      #expect(picture.pixels.count == 400 * 200 * 4)
      let ink = try #require(picture.ink(threshold: 0))
      #expect(ink.minX >= 20 && ink.maxX < 380, "\(alignment) \(vertical): \(ink)")
      #expect(ink.minY >= 20 && ink.maxY < 180, "\(alignment) \(vertical): \(ink)")
    }
  }

  @Test func leftCenterAndRightAlignLines() throws {
    func ink(_ alignment: TextAlign) throws -> InkBox {
      // H's side bearings are equal, so its ink is centred where its advance is.
      let style = TextStyle(text: "HIH", font: "DejaVu Sans 48", alignment: alignment, padding: 20)
      return try #require(try Typesetter.render(style, width: 400, height: 200).ink())
    }
    let left = try ink(.left)
    #expect((20...26).contains(left.minX), "\(left)")
    let center = try ink(.center)
    #expect(abs(center.centerX - 199.5) <= 3, "\(center)")
    let right = try ink(.right)
    #expect((373...379).contains(right.maxX), "\(right)")
    #expect(left.width == right.width)
  }

  @Test func topMiddleAndBottomPlaceTheBlock() throws {
    func ink(_ vertical: TextVerticalAlign, _ text: String) throws -> InkBox {
      let style = TextStyle(
        text: text, font: "DejaVu Sans 48", verticalAlignment: vertical, padding: 20)
      return try #require(try Typesetter.render(style, width: 400, height: 200).ink())
    }
    // É reaches nearly to the font's ascent and g nearly to its descent, so their ink nearly
    // spans the line's logical height, which is what is placed.
    let top = try ink(.top, "ÉHg")
    #expect((20...25).contains(top.minY), "\(top)")
    let bottom = try ink(.bottom, "ÉHg")
    #expect((174...179).contains(bottom.maxY), "\(bottom)")
    #expect(bottom.height == top.height)
    // H's ink is centred within a pixel of the line's logical box in DejaVu Sans.
    let middle = try ink(.middle, "H")
    #expect(abs(middle.centerY - 99.5) <= 3, "\(middle)")
  }

  @Test func longTextWrapsAtWordsWithinTheWidth() throws {
    let style = TextStyle(text: Self.sentence, font: "DejaVu Sans 24", padding: 10)
    let oneLine = try #require(try Typesetter.render(style, width: 2000, height: 100).ink())
    let wrapped = try Typesetter.render(style, width: 200, height: 400)
    #expect(!wrapped.overflows)
    let ink = try #require(wrapped.ink(threshold: 0))
    #expect(ink.height > 2 * oneLine.height, "\(ink) against one line \(oneLine)")
    #expect(ink.minX >= 10 && ink.maxX < 190 && ink.minY >= 10 && ink.maxY < 390, "\(ink)")
  }

  @Test func aWordTooLongForALineBreaksBetweenCharacters() throws {
    let style = TextStyle(text: "Supercalifragilisticexpialidocious", font: "DejaVu Sans 32")
    let picture = try Typesetter.render(style, width: 150, height: 400)
    #expect(!picture.overflows)
    let ink = try #require(picture.ink())
    #expect(ink.height > 3 * 32, "several lines: \(ink)")
    #expect(ink.maxX < 150)
  }

  @Test func newlinesStartNewLines() throws {
    let one = try #require(
      try Typesetter.render(TextStyle(text: "Hx"), width: 400, height: 300).ink())
    let two = try #require(
      try Typesetter.render(TextStyle(text: "Hx\nHx"), width: 400, height: 300).ink())
    #expect(two.width == one.width)
    #expect(two.height > one.height + 40)
  }

  @Test func lineSpacingTwoDoublesTheDistanceBetweenBaselines() throws {
    func inkHeight(_ text: String, spacing: Double) throws -> Int {
      let style = TextStyle(text: text, font: "DejaVu Sans 40", lineSpacing: spacing)
      return try #require(try Typesetter.render(style, width: 300, height: 400).ink()).height
    }
    let single = try inkHeight("Hg", spacing: 1)
    let normalDistance = try inkHeight("Hg\nHg", spacing: 1) - single
    let doubleDistance = try inkHeight("Hg\nHg", spacing: 2) - single
    // DejaVu Sans's line height is 1.164 em: 46.6 pixels at 40.
    #expect((45...48).contains(normalDistance))
    #expect(abs(Double(doubleDistance) - 2 * Double(normalDistance)) <= 2)
    #expect(try inkHeight("Hg\nHg", spacing: 0.5) < single + normalDistance)
  }

  @Test func sizesArePixelsAndDefaultTo48() throws {
    // H's cap height in DejaVu Sans is 0.729 em.
    let h = try #require(
      try Typesetter.render(TextStyle(text: "H", font: "DejaVu Sans 100"), width: 200, height: 200)
        .ink())
    #expect((71...75).contains(h.height), "\(h)")
    let unsized = try Typesetter.render(
      TextStyle(text: "Hg", font: "DejaVu Sans"), width: 200, height: 100)
    let sized = try Typesetter.render(
      TextStyle(text: "Hg", font: "DejaVu Sans 48"), width: 200, height: 100)
    #expect(unsized.pixels == sized.pixels)
  }

  @Test func tooMuchTextOverflowsAndIsCut() throws {
    let lines = (1...20).map { "line \($0)" }.joined(separator: "\n")
    let picture = try Typesetter.render(
      TextStyle(text: lines, font: "DejaVu Sans 20", padding: 5), width: 200, height: 60)
    #expect(picture.overflows)
    let ink = try #require(picture.ink(threshold: 0))
    #expect(ink.minY >= 5 && ink.maxY < 55, "cut at the padding: \(ink)")

    let fits = try Typesetter.render(TextStyle(text: "Hi"), width: 400, height: 200)
    #expect(!fits.overflows)
  }

  @Test func aGlyphWiderThanTheLineOverflows() throws {
    let picture = try Typesetter.render(
      TextStyle(text: "W", font: "DejaVu Sans 200"), width: 100, height: 300)
    #expect(picture.overflows)
  }
}

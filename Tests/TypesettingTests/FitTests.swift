import TestSupport
import Testing
import Typesetting

/// Fitting a text to its picture: the size it shrinks to, the line limit, and the start of it
/// that fits with "…".
@Suite struct FitTests {
  static let sentence = "The quick brown fox jumps over the lazy dog, again and again and again."

  static func fit(
    _ text: String, font: String, width: Int, height: Int, sizeMin: Int? = nil,
    maxLines: Int? = nil, ellipsis: Bool = false
  ) throws -> TextFit {
    try Typesetter.fit(
      TextStyle(text: text, font: font, maxLines: maxLines), width: width, height: height,
      sizeMin: sizeMin, ellipsis: ellipsis)
  }

  @Test func aShortTextInABigBoxKeepsItsOwnSize() throws {
    for sizeMin in [nil, 10] {
      let fit = try Self.fit(
        "Hi", font: "DejaVu Sans 64", width: 800, height: 400, sizeMin: sizeMin)
      #expect(
        fit == TextFit(size: 64, lineCount: 1, fits: true, ellipsized: false, text: "Hi"),
        "sizeMin \(String(describing: sizeMin))")
    }
    let unsized = try Self.fit("Hi", font: "DejaVu Sans", width: 800, height: 400, sizeMin: 10)
    #expect(unsized.size == 48)
  }

  @Test func withoutSizeMinTheSizeStaysAndTheFitSaysItDoesNotFit() throws {
    let fit = try Self.fit(Self.sentence, font: "DejaVu Sans 64", width: 300, height: 150)
    #expect(fit.size == 64)
    #expect(!fit.fits)
    #expect(!fit.ellipsized && fit.text == Self.sentence)
    #expect(fit.lineCount > 2)
  }

  @Test func aLongTextShrinksToTheLargestWholeSizeThatFits() throws {
    let fit = try Self.fit(
      Self.sentence, font: "DejaVu Sans 64", width: 300, height: 150, sizeMin: 8)
    #expect(fit.fits)
    #expect(fit.size == fit.size.rounded() && (8..<64).contains(fit.size), "\(fit)")
    #expect(fit.text == Self.sentence && !fit.ellipsized)
    // Every larger whole size, up to the font's own, overflows: the size is the largest.
    for larger in Int(fit.size) + 1...64 {
      let atLarger = try Self.fit(
        Self.sentence, font: "DejaVu Sans \(larger)", width: 300, height: 150)
      #expect(!atLarger.fits, "fits at \(larger) too")
      let overflows = try Typesetter.render(
        TextStyle(text: Self.sentence, font: "DejaVu Sans 64", pixelSize: Double(larger)),
        width: 300, height: 150
      ).overflows
      #expect(overflows, "\(larger)")
    }
    let overflows = try Typesetter.render(
      TextStyle(text: Self.sentence, font: "DejaVu Sans 64", pixelSize: fit.size), width: 300,
      height: 150
    ).overflows
    #expect(!overflows)
  }

  /// A huge font in a tiny box, one word or a wrapped sentence: the sizes are searched only up
  /// to where one line is as tall as the box, and what is found is still the largest whole
  /// size that fits, checked here size by size.
  @Test(
    .tags(.slow),
    arguments: [("word 7", 12, 12), (sentence, 60, 40), ("WWWW", 9, 30), ("i", 300, 12)])
  func aHugeFontInATinyBoxShrinksToTheLargestSizeThatFits(
    text: String, width: Int, height: Int
  ) throws {
    let fit = try Self.fit(
      text, font: "DejaVu Sans 400", width: width, height: height, sizeMin: 1)
    #expect(fit.fits, "\(fit)")
    for larger in Int(fit.size) + 1..<400 {
      let atLarger = try Self.fit(
        text, font: "DejaVu Sans \(larger)", width: width, height: height)
      #expect(!atLarger.fits, "fits at \(larger) too, above \(fit.size)")
      if atLarger.fits { break }
    }
  }

  @Test func aFractionalFontSizeShrinksToTheWholeSizeBelowIt() throws {
    let fit = try Self.fit(
      Self.sentence, font: "DejaVu Sans 40.5", width: 300, height: 150, sizeMin: 8)
    let whole = try Self.fit(
      Self.sentence, font: "DejaVu Sans 41", width: 300, height: 150, sizeMin: 8)
    #expect(fit.fits && fit.size == whole.size, "\(fit) against \(whole)")
  }

  @Test func maxLinesOneForcesASingleLine() throws {
    let text = "Hello wonderful world"
    let free = try Self.fit(text, font: "DejaVu Sans 64", width: 400, height: 300, sizeMin: 8)
    #expect(free.size == 64 && free.fits && free.lineCount > 1, "\(free)")
    let one = try Self.fit(
      text, font: "DejaVu Sans 64", width: 400, height: 300, sizeMin: 8, maxLines: 1)
    #expect(one.fits && one.lineCount == 1 && one.size < 64, "\(one)")
    let picture = try Typesetter.render(
      TextStyle(text: text, font: "DejaVu Sans 64", pixelSize: one.size, maxLines: 1),
      width: 400, height: 300)
    let overflows = picture.overflows
    #expect(!overflows)
    let ink = try #require(picture.ink())
    // One line of DejaVu Sans is 1.164 em tall; two would be over 2.
    #expect(Double(ink.height) < 1.2 * one.size, "\(ink)")
    // The whole text is there: as wide as the line allows, give or take a glyph.
    #expect(ink.width > 300, "\(ink)")
  }

  @Test func aTextTooLongEvenAtSizeMinDoesNotFitAtSizeMin() throws {
    let text = String(repeating: Self.sentence + " ", count: 20)
    let fit = try Self.fit(text, font: "DejaVu Sans 48", width: 300, height: 150, sizeMin: 20)
    #expect(fit.size == 20 && !fit.fits && !fit.ellipsized && fit.text == text, "\(fit)")
    #expect(fit.lineCount > 6)
    // A size_min above the font's size never enlarges the text.
    let above = try Self.fit(text, font: "DejaVu Sans 16", width: 300, height: 150, sizeMin: 20)
    #expect(above.size == 16 && !above.fits)
  }

  @Test(arguments: [nil, 2])
  func ellipsisKeepsTheLongestStartThatFits(maxLines: Int?) throws {
    let text = String(repeating: Self.sentence + " ", count: 3).trimmingSpaces
    let font = "DejaVu Sans 32"
    let fit = try Self.fit(
      text, font: font, width: 300, height: 120, maxLines: maxLines, ellipsis: true)
    #expect(fit.fits && fit.ellipsized && fit.size == 32, "\(fit)")
    #expect(fit.text.hasSuffix("…"))
    let start = Array(fit.text.dropLast())
    #expect(Array(text).starts(with: start), "\(fit.text)")
    #expect(start.count > 10 && start.last?.isWhitespace == false, "\(fit.text)")
    // 120 pixels hold three lines of 37.25.
    #expect(fit.lineCount == (maxLines ?? 3))
    // One more grapheme (past any spaces, which would be dropped again) does not fit.
    var next = start.count
    while Array(text)[next].isWhitespace { next += 1 }
    let longer = String(Array(text)[...next]) + "…"
    let longerFit = try Self.fit(longer, font: font, width: 300, height: 120, maxLines: maxLines)
    #expect(!longerFit.fits, "\(longer)")
    let overflows = try Typesetter.render(
      TextStyle(text: fit.text, font: font, pixelSize: fit.size, maxLines: maxLines),
      width: 300, height: 120
    ).overflows
    #expect(!overflows)
  }

  @Test func ellipsisCutsAtGraphemeBoundaries() throws {
    // Each "é" is an e and a combining accent; each flag two regional indicators.
    let text = String(repeating: "e\u{301}🇫🇷 ", count: 40)
    let fit = try Self.fit(text, font: "DejaVu Sans 24", width: 200, height: 40, ellipsis: true)
    #expect(fit.fits && fit.ellipsized, "\(fit)")
    let start = Array(fit.text.dropLast())
    #expect(!start.isEmpty && Array(text).starts(with: start), "\(fit.text)")
    #expect(fit.text.unicodeScalars.count < text.unicodeScalars.count)
  }

  @Test func ellipsisAfterShrinkingCutsAtSizeMin() throws {
    let text = String(repeating: Self.sentence + " ", count: 20)
    let fit = try Self.fit(
      text, font: "DejaVu Sans 48", width: 300, height: 150, sizeMin: 20, ellipsis: true)
    #expect(fit.size == 20 && fit.fits && fit.ellipsized && fit.text.hasSuffix("…"), "\(fit)")
  }

  @Test func whenNotEvenTheEllipsisFitsItIsGivenNotFitting() throws {
    let fit = try Self.fit("Hello", font: "DejaVu Sans 200", width: 60, height: 60, ellipsis: true)
    #expect(fit.text == "…" && !fit.fits && fit.ellipsized && fit.size == 200, "\(fit)")
  }

  /// Line limits, smallest sizes and ellipsis settings to fit with.
  static let options: [(maxLines: Int?, sizeMin: Int?, ellipsis: Bool)] = [
    (nil, nil, false), (nil, 6, false), (2, 10, false), (1, nil, true), (3, 12, true),
    (nil, 30, true),
  ]

  /// The planner's promise to the renderer: what fits renders without overflowing, and what
  /// does not fit overflows.
  @Test(arguments: [(300, 150), (120, 400), (500, 60), (90, 90)])
  func renderingAFitOverflowsExactlyWhenItDoesNotFit(width: Int, height: Int) throws {
    let texts = [
      Self.sentence, "Hi", "Supercalifragilisticexpialidocious", "one\ntwo\nthree\nfour\nfive",
      String(repeating: "lorem ipsum dolor ", count: 12), "مرحبا بالعالم، هذا نص طويل بعض الشيء",
    ]
    for text in texts {
      for (maxLines, sizeMin, ellipsis) in Self.options {
        let style = TextStyle(
          text: text, font: "DejaVu Sans 56", lineSpacing: 1.2, padding: 4,
          outline: TextOutline(width: 2, color: .black), maxLines: maxLines)
        let fit = try Typesetter.fit(
          style, width: width, height: height, sizeMin: sizeMin, ellipsis: ellipsis)
        var rendered = style
        rendered.text = fit.text
        rendered.pixelSize = fit.size
        let overflows = try Typesetter.render(rendered, width: width, height: height).overflows
        let what = "\(text.prefix(12)) \(width)x\(height) \(String(describing: maxLines)) \(fit)"
        #expect(overflows == !fit.fits, "\(what)")
        if let maxLines, fit.fits {
          #expect(fit.lineCount <= maxLines, "\(what)")
        }
      }
    }
  }

  @Test func impossibleArgumentsThrowNamingFit() {
    let bad: [(TextStyle, Int?)] = [
      (TextStyle(text: "x"), 0),
      (TextStyle(text: "x"), -3),
      (TextStyle(text: "x", maxLines: 0), nil),
      (TextStyle(text: "x", font: "DejaVu Sans 0"), 10),
      (TextStyle(text: "x", padding: 60), nil),
    ]
    for (style, sizeMin) in bad {
      do {
        _ = try Typesetter.fit(style, width: 100, height: 100, sizeMin: sizeMin, ellipsis: false)
        Issue.record("no error for \(style) \(String(describing: sizeMin))")
      } catch {
        #expect(error.function == "Typesetter.fit", "\(error)")
      }
    }
  }
}

extension String {
  /// The string without spaces at either end.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

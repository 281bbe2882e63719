import PlanValues
import Testing
import Typesetting

/// Word boxes from the shaped lines (`Typesetter.wordBoxes`) against the picture `render`
/// draws, and pages painted from them (`WordPagePainter`): every word's box holds ink, the
/// boxes together hold all of it, right-to-left words lie right to left, wrapped words on
/// lower lines, and a word painted in another look lands inside its own box.
@Suite("Word boxes")
struct WordBoxTests {
  /// The byte ranges of `text`'s words, split at spaces.
  static func ranges(_ text: String) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start: Int?
    for (offset, byte) in text.utf8.enumerated() {
      if byte == 0x20 {
        if let from = start { ranges.append(from..<offset) }
        start = nil
      } else if start == nil {
        start = offset
      }
    }
    if let from = start { ranges.append(from..<text.utf8.count) }
    return ranges
  }

  static func style(_ text: String, align: TextAlign = .center) -> TextStyle {
    TextStyle(
      text: text, font: "DejaVu Sans Bold 40", alignment: align, verticalAlignment: .middle,
      padding: 6, pixelSize: 40)
  }

  static func contains(_ box: WordBox, _ ink: InkBox, slack: Double = 3) -> Bool {
    Double(ink.minX) >= box.x - slack && Double(ink.maxX) <= box.x + box.width + slack
      && Double(ink.minY) >= box.y - slack && Double(ink.maxY) <= box.y + box.height + slack
  }

  @Test(
    "each word's box holds ink and all the ink lies in the boxes",
    arguments: ["Like a big pizza", "مرحبا بكم جميعا", "שלום לכולם כאן"])
  func boxesHoldTheInk(text: String) throws {
    let style = Self.style(text)
    let boxes = try Typesetter.wordBoxes(style, width: 600, height: 120, words: Self.ranges(text))
    #expect(boxes.count == Self.ranges(text).count && boxes.allSatisfy { $0.count == 1 })
    let picture = try Typesetter.render(style, width: 600, height: 120)
    let all = try #require(picture.ink())
    let union = boxes.flatMap { $0 }.reduce(into: WordBox(x: 1e9, y: 1e9, width: 0, height: 0)) {
      let right = max($0.x + $0.width, $1.x + $1.width)
      let bottom = max($0.y + $0.height, $1.y + $1.height)
      $0.x = min($0.x, $1.x)
      $0.y = min($0.y, $1.y)
      $0.width = right - $0.x
      $0.height = bottom - $0.y
    }
    #expect(Self.contains(union, all), "ink \(all) outside the words' boxes \(union)")
    for box in boxes.flatMap({ $0 }) {
      let rows = Int(box.y)..<Int(box.y + box.height)
      let columns = Int(box.x)..<Int(box.x + box.width)
      let inked = rows.contains { y in
        columns.contains { x in picture.pixel(x, y)[3] > 128 }
      }
      #expect(inked, "no ink in \(box)")
    }
  }

  @Test("right-to-left words lie right to left; left-to-right ones left to right")
  func readingOrder() throws {
    for (text, rightToLeft) in [
      ("مرحبا بكم جميعا", true), ("שלום לכולם כאן", true), ("one two three", false),
    ] {
      let boxes = try Typesetter.wordBoxes(
        Self.style(text), width: 600, height: 120, words: Self.ranges(text))
      let xs = boxes.map { $0[0].x }
      #expect(rightToLeft ? xs == xs.sorted(by: >) : xs == xs.sorted(), "\(text): \(xs)")
    }
  }

  @Test("a wrapped page puts later words on lower lines, and CJK without spaces wraps too")
  func wrapping() throws {
    let text = "alpha beta gamma delta"
    let boxes = try Typesetter.wordBoxes(
      Self.style(text, align: .left), width: 260, height: 200, words: Self.ranges(text))
    let ys = boxes.map { $0[0].y }
    #expect(ys.first! < ys.last!, "\(ys)")
    let cjk = "你好世界你好世界你好世界"
    let cjkBoxes = try Typesetter.wordBoxes(
      Self.style(cjk, align: .left), width: 200, height: 200, words: [0..<cjk.utf8.count])
    #expect(cjkBoxes[0].count >= 2, "one word over several lines has a box on each")
  }

  @Test("a word painted in another look lands inside its own box, the rest unmoved")
  func painterUsesBoxes() throws {
    let text = "one two three"
    let style = Self.style(text)
    let ranges = Self.ranges(text)
    let boxes = try Typesetter.wordBoxes(style, width: 600, height: 120, words: ranges)
    let blue = WordLook(
      color: TextColor(red: 0, green: 0, blue: 255), outline: nil, background: nil, padding: 0,
      cornerRadius: 0)
    let red = WordLook(
      color: TextColor(red: 255, green: 0, blue: 0), outline: nil, background: nil, padding: 0,
      cornerRadius: 0)
    let painter = try WordPagePainter(style: style, width: 600, height: 120, looks: [blue, red])
    let pixels = try painter.paint(
      boxes.indices.map {
        PaintedWord(boxes: boxes[$0], look: $0 == 1 ? 1 : 0, scale: 1, opacity: 1)
      })
    let painted = TextPicture(
      width: 600, height: 120, pixels: pixels, overflows: false, missingGlyphs: 0)
    let redInk = try #require(
      InkBox.around(painted.pixels { $0[0] > 200 && $0[2] < 60 && $0[3] > 200 }))
    #expect(Self.contains(boxes[1][0], redInk), "red \(redInk) outside \(boxes[1][0])")
    // Every look is the same shaped lines: the page's ink is where `render` puts it.
    let plain = try Typesetter.render(style, width: 600, height: 120)
    #expect(painted.ink() == plain.ink())
  }

  @Test(
    "words that touch (CJK) are cut at their boundary: no sliver of a neighbour, nor of an outline, in the wrong look"
  )
  func touchingWords() throws {
    let text = "你好世界です"
    let style = Self.style(text)
    // Each character a word, as a transcript of Chinese or Japanese gives them.
    var ranges: [Range<Int>] = []
    var offset = 0
    for character in text {
      let count = String(character).utf8.count
      ranges.append(offset..<offset + count)
      offset += count
    }
    let boxes = try Typesetter.wordBoxes(style, width: 600, height: 120, words: ranges)
    let blue = WordLook(
      color: TextColor(red: 0, green: 0, blue: 255),
      outline: TextOutline(width: 4, color: TextColor(red: 0, green: 0, blue: 255)),
      background: nil, padding: 0,
      cornerRadius: 0)
    let red = WordLook(
      color: TextColor(red: 255, green: 0, blue: 0),
      outline: TextOutline(width: 4, color: TextColor(red: 255, green: 0, blue: 0)),
      background: nil, padding: 0,
      cornerRadius: 0)
    let painter = try WordPagePainter(style: style, width: 600, height: 120, looks: [blue, red])
    for active in [1, 2] {
      let pixels = try painter.paint(
        boxes.indices.map {
          PaintedWord(boxes: boxes[$0], look: $0 == active ? 1 : 0, scale: 1, opacity: 1)
        })
      let painted = TextPicture(
        width: 600, height: 120, pixels: pixels, overflows: false, missingGlyphs: 0)
      let redInk = try #require(
        InkBox.around(painted.pixels { $0[0] > 100 && $0[0] > $0[2] && $0[3] > 100 }))
      let box = boxes[active][0]
      #expect(
        Double(redInk.minX) >= box.x - 1 && Double(redInk.maxX) <= box.x + box.width + 1,
        "word \(active + 1)'s look reaches \(redInk), its box is \(box)")
    }
  }
}

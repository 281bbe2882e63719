import Foundation
import Testing
import Typesetting

/// Colours: of the glyphs, the background and the outline; and the bytes being repeatable.
@Suite struct PaintTests {
  @Test func opaqueInkHasTheTextColour() throws {
    let style = TextStyle(text: "Hello", font: "DejaVu Sans Bold 64", color: .red)
    let picture = try Typesetter.render(style, width: 300, height: 100)
    let opaque = picture.pixels { $0[3] == 255 }
    #expect(opaque.count > 500)
    #expect(opaque.allSatisfy { $0.rgba == [255, 0, 0, 255] })
    // Edge pixels are premultiplied: no channel exceeds alpha.
    #expect(picture.pixels { $0[0] > $0[3] || $0[1] > 0 || $0[2] > 0 }.isEmpty)
  }

  @Test func translucentTextIsPremultiplied() throws {
    let style = TextStyle(
      text: "Hello", font: "DejaVu Sans Bold 64",
      color: TextColor(red: 255, green: 0, blue: 0, alpha: 128))
    let picture = try Typesetter.render(style, width: 300, height: 100)
    let solid = picture.pixels { $0[3] >= 127 }
    #expect(!solid.isEmpty)
    #expect(solid.allSatisfy { abs(Int($0.rgba[0]) - 128) <= 1 && abs(Int($0.rgba[3]) - 128) <= 1 })
  }

  @Test func backgroundFillsEverythingButTheGlyphs() throws {
    let blue: [UInt8] = [0, 0, 255, 255]
    let style = TextStyle(text: "Hi there", color: .white, background: .blue, padding: 30)
    let picture = try Typesetter.render(style, width: 400, height: 200)
    let drawn = picture.pixels { $0 != blue }
    #expect(!drawn.isEmpty)
    #expect(drawn.allSatisfy { (30..<370).contains($0.x) && (30..<170).contains($0.y) })
    #expect(drawn.contains { $0.rgba == [255, 255, 255, 255] }, "the glyphs are white")
    #expect(picture.pixels { $0[3] != 255 }.isEmpty, "an opaque background stays opaque")
    #expect(drawn.count < 400 * 200 / 5, "only the glyphs differ from the background")
  }

  @Test func paddingDoesNotShrinkTheBackground() throws {
    let background = TextColor(red: 10, green: 200, blue: 30, alpha: 128)
    let padded = try Typesetter.render(
      TextStyle(text: "", background: background, padding: 40), width: 100, height: 100)
    let unpadded = try Typesetter.render(
      TextStyle(text: "", background: background), width: 100, height: 100)
    #expect(padded.pixels == unpadded.pixels)
    // Premultiplied by 128/255.
    let expected: [UInt8] = [5, 100, 15, 128]
    #expect(padded.pixels { zip($0, expected).contains { abs(Int($0) - Int($1)) > 1 } }.isEmpty)
  }

  @Test func anOutlineSurroundsTheGlyphsUnderTheirFill() throws {
    let plain = TextStyle(text: "Ol", font: "DejaVu Sans Bold 80", color: .white, padding: 10)
    var outlined = plain
    outlined.outline = TextOutline(width: 5, color: .black)
    let withoutOutline = try Typesetter.render(plain, width: 300, height: 150)
    let withOutline = try Typesetter.render(outlined, width: 300, height: 150)

    func isWhite(_ rgba: [UInt8]) -> Bool { rgba.allSatisfy { $0 >= 250 } }
    func isBlack(_ rgba: [UInt8]) -> Bool { rgba[3] == 255 && rgba[0...2].allSatisfy { $0 <= 5 } }
    let black = withOutline.pixels(where: isBlack)
    #expect(black.count > 200)
    // Black pixels two to the left of white ones: the stroke hugs the glyph's left edges.
    #expect(black.contains { $0.x + 2 < 300 && isWhite(withOutline.pixel($0.x + 2, $0.y)) })
    #expect(!withOutline.pixels(where: isWhite).isEmpty, "the fill is drawn over the stroke")

    let bare = try #require(withoutOutline.ink())
    let stroked = try #require(withOutline.ink())
    #expect(stroked.width >= bare.width + 8 && stroked.height >= bare.height + 8)
    #expect(stroked.minX >= 10 && stroked.minY >= 10, "the stroke stays inside the padding")
  }

  @Test func rendersAreByteIdentical() throws {
    let style = TextStyle(
      text: "Déjà vu — مرحبا\n你好 <&>", font: "sans 36", alignment: .center,
      verticalAlignment: .middle, lineSpacing: 1.3,
      background: TextColor(red: 1, green: 2, blue: 3, alpha: 200),
      padding: 12, outline: TextOutline(width: 2.5, color: .red))
    let first = try Typesetter.render(style, width: 320, height: 240)
    let second = try Typesetter.render(style, width: 320, height: 240)
    #expect(first == second)
  }

  @Test func rendersOnManyThreadsAtOnceMatchOneAlone() throws {
    let styles = (0..<8).map {
      TextStyle(text: "Thread \($0) — عربي", font: "DejaVu Sans \(20 + $0 * 4)", padding: $0)
    }
    let alone = try styles.map { try Typesetter.render($0, width: 300, height: 120) }
    let together = Results(count: styles.count * 4)
    DispatchQueue.concurrentPerform(iterations: styles.count * 4) { index in
      together[index] = try? Typesetter.render(
        styles[index % styles.count], width: 300, height: 120)
    }
    for index in 0..<styles.count * 4 {
      #expect(together[index] == alone[index % styles.count], "render \(index)")
    }
  }
}

/// Pictures that several threads store at once.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var pictures: [TextPicture?]

  init(count: Int) {
    pictures = Array(repeating: nil, count: count)
  }

  subscript(index: Int) -> TextPicture? {
    get { lock.withLock { pictures[index] } }
    set { lock.withLock { pictures[index] = newValue } }
  }
}

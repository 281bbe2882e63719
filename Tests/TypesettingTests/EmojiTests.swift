import Testing
import Typesetting

/// Emoji come from Noto Color Emoji (installed by `scripts/install-deps`), a font of colour
/// bitmaps: they are drawn in their own colours whatever the text's colour, scaled to the
/// text's size, and never as boxes.
@Suite struct EmojiTests {
  @Test("🎉 and 👍 are drawn in colour: many hues inside their ink, none in white letters")
  func emojiAreDrawnInColour() throws {
    let style = TextStyle(text: "🎉👍", font: "DejaVu Sans 96", color: .white)
    let picture = try Typesetter.render(style, width: 400, height: 160)
    #expect(picture.missingGlyphs == 0)
    let ink = try #require(picture.ink())
    #expect(ink.width > 150 && ink.height > 70, "\(ink)")
    let hues = picture.hues(in: ink)
    #expect(hues.count >= 3, "hue bins of saturated pixels: \(hues)")

    // The judge can fail: white letters in the same place have no hue at all.
    let letters = try Typesetter.render(
      TextStyle(text: "AB", font: "DejaVu Sans 96", color: .white), width: 400, height: 160)
    let letterInk = try #require(letters.ink())
    #expect(letters.hues(in: letterInk).isEmpty)
  }

  @Test("an emoji among words is drawn in colour, and the words in the text's colour")
  func emojiAmongWords() throws {
    let style = TextStyle(text: "Sale 🎉 now", font: "DejaVu Sans 64", color: .white)
    let picture = try Typesetter.render(style, width: 600, height: 100)
    #expect(picture.missingGlyphs == 0)
    let ink = try #require(picture.ink())
    #expect(picture.hues(in: ink).count >= 3)
    let fit = try Typesetter.fit(style, width: 600, height: 100, sizeMin: nil, ellipsis: false)
    #expect(fit.missingCharacters.isEmpty)
  }

  @Test("bitmap emoji scale with the text's size", arguments: [24.0, 200.0])
  func emojiScaleWithTheSize(size: Double) throws {
    func height(at size: Double) throws -> Double {
      let style = TextStyle(text: "👍", font: "DejaVu Sans \(Int(size))")
      let side = Int(size * 2)
      let picture = try Typesetter.render(style, width: side, height: side)
      return Double(try #require(picture.ink()).height)
    }
    let reference = try height(at: 100)
    let ratio = try height(at: size) / reference
    #expect(abs(ratio - size / 100) < 0.06 * size / 100 + 0.02, "ratio \(ratio) at \(size) px")
  }

  @Test("an outlined emoji keeps its colours")
  func outlinedEmoji() throws {
    let style = TextStyle(
      text: "🎉", font: "DejaVu Sans 96", outline: TextOutline(width: 4, color: .black))
    let picture = try Typesetter.render(style, width: 200, height: 160)
    let ink = try #require(picture.ink())
    #expect(picture.hues(in: ink).count >= 3)
  }
}

extension TextPicture {
  /// The hues (in 30° bins) of the saturated, opaque pixels inside `box`, each bin holding at
  /// least 1 % of them: more than one for a picture in colour, none for grey or white.
  func hues(in box: InkBox) -> Set<Int> {
    var bins: [Int: Int] = [:]
    var counted = 0
    for y in box.minY...box.maxY {
      for x in box.minX...box.maxX {
        let rgba = pixel(x, y)
        guard rgba[3] >= 192 else { continue }
        // Premultiplied: divide by alpha for the colour itself.
        let alpha = Double(rgba[3])
        let (r, g, b) = (Double(rgba[0]) / alpha, Double(rgba[1]) / alpha, Double(rgba[2]) / alpha)
        let high = max(r, g, b)
        let low = min(r, g, b)
        counted += 1
        guard high > 0.2, (high - low) / high > 0.4 else { continue }
        let chroma = high - low
        var hue: Double
        if high == r {
          hue = (g - b) / chroma
        } else if high == g {
          hue = (b - r) / chroma + 2
        } else {
          hue = (r - g) / chroma + 4
        }
        hue = (hue * 60 + 360).truncatingRemainder(dividingBy: 360)
        bins[Int(hue / 30), default: 0] += 1
      }
    }
    return Set(bins.filter { $0.value * 100 >= counted }.keys)
  }
}

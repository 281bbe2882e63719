import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A text layer's `align`, `valign` and `padding`, measured on where the ink lands.
@Suite("Render text layers: alignment and padding", .tags(.endToEnd))
struct RenderTextAlignTests {
  /// The box [20, 20, 280, 140] less a padding of 12 on every side.
  static let inner = PixelRect(x: 32, y: 32, width: 256, height: 116)

  /// The free pixels between the ink and each side of `inner`.
  struct Gaps: CustomStringConvertible {
    var left, right, top, bottom: Int

    init(_ ink: PixelRect) {
      left = ink.x - inner.x
      right = inner.x + inner.width - (ink.x + ink.width)
      top = ink.y - inner.y
      bottom = inner.y + inner.height - (ink.y + ink.height)
    }

    var description: String { "left \(left), right \(right), top \(top), bottom \(bottom)" }
  }

  // "HH": the same side bearing (4 px at 40 px) on both sides and no descender.
  @Test(
    "ink hugs the padded box's edge, or is centred, as align and valign say",
    arguments: [("left", "top"), ("center", "middle"), ("right", "bottom")])
  func alignment(_ align: String, _ valign: String) throws {
    try withScratchFolder { folder in
      let yaml = StillProject.yaml(
        size: "320x180", background: "#202020", duration: "0.1s",
        layers: """
            - name: title
              text: HH
              font: "DejaVu Sans 40"
              align: \(align)
              valign: \(valign)
              padding: 12
              box: [20, 20, 280, 140]
          """)
      let frame = try #require(try StillProject.frames(yaml, in: folder).first)
      let plateLuma = YCbCrCoding.output.codes(rgb8(0x20, 0x20, 0x20)).x
      let ink = Ink(in: frame, plateLuma: plateLuma)
      let gaps = Gaps(try #require(ink.bounds, "no ink"))
      let place = "\(align)/\(valign): \(gaps)"
      #expect(
        min(gaps.left, gaps.right, gaps.top, gaps.bottom) >= 0, "inside the padding: \(place)")
      switch align {
      case "left": #expect(gaps.left <= 8 && gaps.right > 100, "\(place)")
      case "right": #expect(gaps.right <= 8 && gaps.left > 100, "\(place)")
      default: #expect(abs(gaps.left - gaps.right) <= 3 && gaps.left > 50, "\(place)")
      }
      // The line's ascent leaves about 8 px above a capital H, its descent about 10 below.
      switch valign {
      case "top": #expect(gaps.top <= 14 && gaps.bottom > 50, "\(place)")
      case "bottom": #expect(gaps.bottom <= 14 && gaps.top > 50, "\(place)")
      default: #expect(abs(gaps.top - gaps.bottom) <= 10 && gaps.top > 25, "\(place)")
      }
    }
  }

  @Test("line_spacing 2 puts the second line twice as far below the first as line_spacing 1")
  func lineSpacing() throws {
    var pitches: [Int] = []
    for spacing in [1, 2] {
      try withScratchFolder { folder in
        let yaml = StillProject.yaml(
          size: "320x180", background: "#000000", duration: "0.1s",
          layers: """
              - name: title
                text: "HH\\nHH"
                font: "DejaVu Sans 40"
                line_spacing: \(spacing)
                box: [20, 0, 280, 180]
            """)
        let frame = try #require(try StillProject.frames(yaml, in: folder).first)
        let ink = Ink(in: frame, plateLuma: YCbCrCoding.output.codes(.zero).x)
        let starts = ink.rowRunStarts
        try #require(starts.count == 2, "two lines of ink: \(ink)")
        pitches.append(starts[1] - starts[0])
      }
    }
    // DejaVu Sans's line is 1.164 em: 46.6 px at 40 px.
    #expect(abs(pitches[0] - 47) <= 2, "line pitch \(pitches)")
    #expect(abs(pitches[1] - 2 * pitches[0]) <= 2, "line pitch \(pitches)")
  }

  @Test("align is visual: right-to-left Hebrew with align left hugs the box's left edge")
  func visualAlignForRightToLeft() throws {
    try withScratchFolder { folder in
      let yaml = StillProject.yaml(
        size: "320x180", background: "#000000", duration: "0.1s",
        layers: """
            - { name: title, text: "\u{05E9}\u{05DC}\u{05D5}\u{05DD}", font: "DejaVu Sans 40", \
          align: left, box: [20, 20, 280, 140] }
          """)
      let frame = try #require(try StillProject.frames(yaml, in: folder).first)
      let ink = Ink(in: frame, plateLuma: YCbCrCoding.output.codes(.zero).x)
      let bounds = try #require(ink.bounds, "no ink")
      #expect(bounds.x - 20 <= 8 && 300 - (bounds.x + bounds.width) > 100, "\(ink)")
    }
  }
}

import PlanValues
import ProjectFixtures
import Testing

/// The golden plans' font-free measurer answers whatever a fuzzed project hands it: a size no
/// Double holds, a box narrower than its padding. It once trapped on `font: "Sans 1e400"`.
@Suite("The font-free measurer of the golden plans")
struct FixedTextMeasurerTests {
  static func request(font: String, padding: Int = 0, outline: Double? = nil) -> TextFitRequest {
    TextFitRequest(
      text: "Hello there", font: font, lineSpacing: 1, padding: padding, outlineWidth: outline,
      width: 100, height: 40, sizeMin: 4, maxLines: nil, ellipsis: true)
  }

  @Test(
    "an impossible size is a failure in the typesetter's words",
    arguments: ["Sans 1e400", "Sans -1e300", "Sans nan", "Sans 0", "Sans 20000"])
  func impossibleSizes(font: String) {
    guard case .failure(let failure) = FixedTextMeasurer().fit(Self.request(font: font)) else {
      Issue.record("\(font) was measured")
      return
    }
    #expect(failure.message.hasPrefix("font '\(font)' is "), "\(failure.message)")
  }

  @Test("a box narrower than its padding and outline does not fit, and is answered")
  func noRoomLeft() throws {
    for (padding, outline) in [(60, nil), (0, 1e300)] as [(Int, Double?)] {
      let fit = try FixedTextMeasurer().fit(
        Self.request(font: "Sans 12", padding: padding, outline: outline)
      ).get()
      #expect(!fit.fits)
    }
  }
}

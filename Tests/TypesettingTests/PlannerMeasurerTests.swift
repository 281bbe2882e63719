import PlanValues
import Testing
import Typesetting

/// The planner's measurer (`TypesetTextFitter`, which `chromake plan` and `check` use) is the
/// real typesetter: a request's answer is `Typesetter.fit`'s on the style the render sets the
/// text with, padding and outline included. Golden plans use a font-free measurer instead, so
/// this suite is where planning meets the machine's fonts.
@Suite("The planner's text measurer is the typesetter's fit")
struct PlannerMeasurerTests {
  static func request(
    _ text: String, font: String = "DejaVu Sans Bold 64", padding: Int = 0,
    outline: Double? = nil, width: Int = 600, height: Int = 160, sizeMin: Int? = 16,
    maxLines: Int? = nil, ellipsis: Bool = false
  ) -> TextFitRequest {
    TextFitRequest(
      text: text, font: font, lineSpacing: 1, padding: padding, outlineWidth: outline,
      width: width, height: height, sizeMin: sizeMin, maxLines: maxLines, ellipsis: ellipsis)
  }

  static let long = "Everything in the store is half price this weekend only, while stocks last"

  @Test(
    "each answer is the typesetter's",
    arguments: [
      request(long), request(long, padding: 12, outline: 3),
      request(long, sizeMin: nil), request(long, maxLines: 1),
      request(long, height: 90, sizeMin: nil, maxLines: 2, ellipsis: true),
      request("Sale", width: 600, height: 120),
      request("Sale \u{E000} 🎉", width: 600, height: 120),
    ])
  func answersAreTheTypesetters(request: TextFitRequest) throws {
    let answer = try TypesetTextFitter().fit(request).get()
    let style = TextStyle(
      text: request.text, font: request.font, lineSpacing: request.lineSpacing,
      padding: request.padding,
      outline: request.outlineWidth.map { TextOutline(width: $0, color: .black) },
      maxLines: request.maxLines)
    let fit = try Typesetter.fit(
      style, width: request.width, height: request.height, sizeMin: request.sizeMin,
      ellipsis: request.ellipsis)
    #expect(
      answer
        == TextFitResult(
          size: fit.size, lineCount: fit.lineCount, fits: fit.fits, text: fit.text,
          ellipsized: fit.ellipsized, missingCharacters: fit.missingCharacters))
  }

  @Test("a shrunk text fits at its size and not one pixel larger")
  func shrinkingFindsTheLargestSize() throws {
    let answer = try TypesetTextFitter().fit(Self.request(Self.long)).get()
    #expect(answer.fits && answer.size < 64)
    let larger = try TypesetTextFitter().fit(
      Self.request(Self.long, font: "DejaVu Sans Bold \(Int(answer.size) + 1)", sizeMin: nil)
    ).get()
    #expect(!larger.fits)
  }

  @Test("a size out of the typesetter's range is a failure in words, not a crash")
  func anImpossibleSizeFails() {
    let result = TypesetTextFitter().fit(Self.request("Hi", font: "DejaVu Sans 20000"))
    guard case .failure(let failure) = result else {
      Issue.record("20000 px was measured: \(result)")
      return
    }
    #expect(failure.message.contains("20000 pixels"))
  }
}

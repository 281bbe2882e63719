import Testing
import Typesetting

/// Arguments rejected before any C code sees them.
@Suite struct ArgumentTests {
  @Test(arguments: [(0, 100), (100, 0), (20000, 100), (100, 20000), (-1, -1)])
  func picturesOutsideTheSizeLimitThrow(width: Int, height: Int) {
    #expect(throws: TypesettingError.self) {
      try Typesetter.render(TextStyle(text: "x"), width: width, height: height)
    }
  }

  @Test func theLargestSizeIsAccepted() throws {
    let picture = try Typesetter.render(TextStyle(text: "x"), width: 16384, height: 1)
    #expect(picture.pixels.count == 16384 * 4)
  }

  @Test func theErrorNamesTheCall() {
    do {
      _ = try Typesetter.render(TextStyle(text: "x"), width: 0, height: 10)
      Issue.record("no error")
    } catch {
      #expect(error.function == "Typesetter.render")
      #expect(
        error.description == "Typesetter.render failed: size 0x10 is outside 1...16384 per side")
    }
  }

  @Test func impossibleStylesThrow() {
    let styles = [
      TextStyle(text: "x", padding: -1),
      TextStyle(text: "x", padding: 50),
      TextStyle(text: "x", padding: 45, outline: TextOutline(width: 5, color: .black)),
      TextStyle(text: "x", lineSpacing: 0),
      TextStyle(text: "x", lineSpacing: .nan),
      TextStyle(text: "x", outline: TextOutline(width: -1, color: .black)),
      // Size 0 would draw nothing; FreeType fails on 100000 and Pango would only warn.
      TextStyle(text: "x", font: "DejaVu Sans 0"),
      TextStyle(text: "x", font: "DejaVu Sans 100000"),
    ]
    for style in styles {
      #expect(throws: TypesettingError.self, "\(style)") {
        try Typesetter.render(style, width: 100, height: 100)
      }
    }
  }
}

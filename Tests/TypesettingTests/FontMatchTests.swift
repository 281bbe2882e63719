import Testing
import Typesetting

/// Which family a description gets, and whether it is the one asked for.
@Suite struct FontMatchTests {
  @Test func aMissingFamilyIsSubstituted() {
    let match = Typesetter.resolveFont("No Such Font Family 40")
    #expect(match.requested == "No Such Font Family")
    #expect(!match.resolved.isEmpty)
    #expect(match.resolved != match.requested)
    #expect(!match.isExact)
  }

  @Test func anInstalledFamilyIsExact() {
    #expect(
      Typesetter.resolveFont("DejaVu Sans Bold 64")
        == FontMatch(requested: "DejaVu Sans", resolved: "DejaVu Sans", isExact: true))
    #expect(Typesetter.resolveFont("dejavu serif italic 12").isExact, "case does not matter")
    #expect(Typesetter.resolveFont("WenQuanYi Micro Hei 30").resolved == "WenQuanYi Micro Hei")
  }

  @Test func anInstalledFamilyLaterInTheListIsExact() {
    let match = Typesetter.resolveFont("No Such Font, DejaVu Serif 20")
    #expect(match.requested == "No Such Font")
    #expect(match.resolved == "DejaVu Serif")
    #expect(match.isExact)
  }

  @Test(arguments: ["sans 20", "Sans-Serif 20", "serif", "monospace 12", "Bold 20", ""])
  func genericOrNoFamilyIsExact(description: String) {
    let match = Typesetter.resolveFont(description)
    #expect(match.isExact)
    #expect(!match.resolved.isEmpty)
  }

  @Test func genericNamesMapToInstalledFamilies() {
    #expect(Typesetter.resolveFont("monospace").resolved == "DejaVu Sans Mono")
    #expect(Typesetter.resolveFont("sans").requested == "sans")
  }
}

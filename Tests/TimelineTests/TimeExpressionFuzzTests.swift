import Foundation
import Testing
import Timeline

/// Seeded random texts through the time-reference parser: a data cell can hold any of them, so
/// none may trap or hang, and what it accepts keeps its bounds.
@Suite("Fuzzed time references")
struct TimeExpressionFuzzTests {
  /// SplitMix64: a fixed seed gives the same texts on every machine.
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  }

  /// Pieces a reference is made of, and pieces that break one: names, parts, signs, times in
  /// every unit, huge numbers, white space, a combining mark, emoji, NUL and a lone brace.
  static let pieces = [
    "voice", "end-card.v2", "a b", ".", ".start", ".end", ".length", ".lenght", " + ", " - ",
    "+", "-", "300ms", "1.5s", "2f", "00:01:02.500", "99999.999999999s", "1e9s",
    "170141183460469231731687303715884105727f", "0", " ", "\t", "\u{301}", "🎉", "\u{0}", "{",
    "++", "--", "s", "ms", "f", "1", "voice.end", "x.start + 1s", ":", "..", "\u{202E}",
  ]

  @Test("seeded texts: no trap, bounded terms, errors inside the text")
  func mutations() {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["CHROMAKE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x7_13E5
    let rounds = environment["CHROMAKE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 3_000
    var random = Random(state: seed)
    var accepted = 0
    for round in 0..<rounds {
      var text = ""
      for _ in 0..<(1 + random.below(12)) { text += Self.pieces[random.below(Self.pieces.count)] }
      switch TimeExpressionParser.parse(text) {
      case nil: break
      case .success(let parsed):
        accepted += 1
        #expect(parsed.expression.terms.count <= TimeExpressionParser.maxTerms, "round \(round)")
        #expect(!parsed.expression.name.isEmpty, "round \(round): \(text.debugDescription)")
      case .failure(let error):
        let length = text.unicodeScalars.count
        #expect(
          error.range.lowerBound >= 0 && error.range.upperBound <= length + 1,
          "round \(round): \(error.range) in \(text.debugDescription)")
        #expect(!error.message.isEmpty)
      }
    }
    // The search reaches texts the parser accepts, not only refusals.
    #expect(accepted > 0)
  }
}

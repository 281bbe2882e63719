import Diagnostics
import Foundation
import ProjectFile
import ProjectFixtures
import RenderPlan
import TestSupport
import Testing
import Timeline

/// Every number in every valid fixture replaced, one at a time, by a value that once crashed a
/// reader or the planner: a digit with a combining mark (one `Character` that looks like a
/// digit), and the largest and smallest values the readers accept. None may crash; each is
/// either a located error or a plan that serialises.
@Suite("Every number written hostilely", .ownTimeLimit(.seconds(2 * 60)))
struct NumberSweepTests {
  /// Written where any number stood, with and without a unit or a percent sign after it.
  static let replacements = [
    "1\u{301}", "\"1\u{301}%\"", "\"5\u{301}s\"", "\"1\u{301}dB\"", "\"１\"", "\"٣\"",
    "99999.999999", "\"100.000001\"", "999999999.999999", "0.000001", "\"999999999%\"",
    "\"27:46:39.999999\"", "\"199999999/999999999\"",
  ]

  static let number = try! NSRegularExpression(pattern: "(?<![#0-9A-Za-z.])-?[0-9]+(\\.[0-9]+)?")

  @Test(
    "each number of each fixture, replaced by each hostile value: located or planned", .tags(.slow))
  func sweep() throws {
    var runs = 0
    var rejected = 0
    for name in Fixtures.projects(in: "valid") {
      let text = try String(
        contentsOf: Fixtures.folder.appendingPathComponent(name), encoding: .utf8)
      let whole = NSRange(text.startIndex..., in: text)
      // Numbers inside comments are not read; skipping them keeps the sweep short.
      let matches = Self.number.matches(in: text, range: whole).filter { match in
        guard let range = Range(match.range, in: text) else { return false }
        let lineStart = text[..<range.lowerBound].lastIndex(of: "\n") ?? text.startIndex
        return !text[lineStart..<range.lowerBound].contains("#")
          || text[lineStart..<range.lowerBound].contains("\"#")
      }
      for match in matches {
        guard let range = Range(match.range, in: text) else { continue }
        for replacement in Self.replacements {
          let mutated = text.replacingCharacters(in: range, with: replacement)
          let outcome = Fixtures.run(text: mutated, as: name)
          runs += 1
          for diagnostic in outcome.diagnostics where diagnostic.severity == .error {
            #expect(
              (diagnostic.location?.line ?? 0) >= 1,
              "\(name): '\(replacement)' for '\(text[range])': unlocated \(diagnostic.message)")
          }
          if outcome.diagnostics.hasErrors { rejected += 1 }
          if let plan = outcome.plan {
            _ = try plan.canonicalJSON()
            _ = PlanTable.render(plan)
          }
        }
      }
    }
    // Most replacements must be refused, or the sweep is not reaching the readers.
    #expect(runs > 1_000)
    #expect(rejected > runs / 2)
  }

  @Test("a digit with a combining mark is not a number, in every numeric reader")
  func combiningMarks() {
    #expect(DecimalText.rational("1\u{301}") == nil)
    #expect(DecimalText.rational("1.5\u{301}") == nil)
    #expect(DecimalText.rational("\u{661}") == nil)
    #expect(DecimalText.rational("12.5") == Rational(25, 2))
    #expect(FrameRate.parse("3\u{301}0") == nil)
    guard case .failure = TimeParser.parse("00:0\u{301}1:02.5") else {
      Issue.record("a clock time with a combining mark was read")
      return
    }
  }

  @Test("sums and products past 64 bits stay exact; comparisons never overflow")
  func wideRationals() {
    let keyframe = Rational(99_999_999_999, 1_000_000)
    let fps = Rational(100_000_001, 1_000_000)
    let frame = Rational(9_999_999) / fps
    // 64-bit terms overflowed on this sum: the denominator alone is 10¹⁴.
    let sum = keyframe + frame
    #expect(sum - frame == keyframe)
    #expect(sum > keyframe)
    #expect(Rational(Int64.max) * Rational(Int64.max) > Rational(Int64.max))
    #expect((Rational(Int64.max) * Rational(3)).floor == Int64.max)
    #expect(Rational(-7, 2).rounded == -4 && Rational(7, 2).rounded == 4)
    #expect(Rational(5, 3).rounded == 2 && Rational(-5, 3).floor == -2)
    #expect(Rational(exactly: "\(sum)") == sum)
  }
}

import Diagnostics
import Foundation
import Looks
import ProjectFile
import TestSupport
import Testing

/// Seeded mutations of `.cube` tables, read as `check` reads a layer's `lut`: none may crash or
/// hang, every problem points at a line inside the file, and a table that reads is whole.
@Suite("Fuzzed .cube files", .ownTimeLimit(.seconds(60)))
struct CubeFuzzTests {
  /// Small valid tables: an identity, an inverting one and a curve, with a title, comments, a
  /// domain, Windows line ends in two and a UTF-8 byte-order mark in one.
  static let bases: [String] = {
    func table(_ n: Int, _ transform: (Double) -> Double, end: String) -> String {
      var text = "TITLE \"t\"\(end)# comment\(end)LUT_3D_SIZE \(n)\(end)"
      text += "DOMAIN_MIN 0 0 0\(end)DOMAIN_MAX 1 1 1\(end)"
      for b in 0..<n {
        for g in 0..<n {
          for r in 0..<n {
            let v = [r, g, b].map { transform(Double($0) / Double(n - 1)) }
            text += "\(v[0]) \(v[1]) \(v[2])\(end)"
          }
        }
      }
      return text
    }
    return [
      table(2, { $0 }, end: "\n"), table(3, { 1 - $0 }, end: "\r\n"),
      "\u{FEFF}" + table(2, { $0 * $0 }, end: "\r\n"),
    ]
  }()

  /// What breaks a table: keywords twice or in the wrong place, sizes out of range, numbers
  /// that are not, too few or too many values, controls and bidi marks.
  static let tokens = [
    "LUT_3D_SIZE 65\n", "LUT_3D_SIZE 99999999999999999999\n", "LUT_3D_SIZE -1\n",
    "LUT_1D_SIZE 4\n", "DOMAIN_MIN 1 1 1\n", "DOMAIN_MAX 0 0\n", "nan nan nan\n",
    "inf 0 0\n", "1e999 0 0\n", "0 0\n", "0 0 0 0\n", "#", "\n", "\r", "\t", " ", "\u{0}",
    "\u{1B}[2J", "\u{202E}", "\u{FEFF}", "TITLE\n", "0.5 0.5 0.5\n",
  ]

  /// `text` with none to three edits (a quarter of the tables stay whole, so the readers'
  /// success path is fuzzed by the edits around it too).
  static func mutate(_ text: String, _ random: inout ProjectMutator.Random) -> String {
    var scalars = Array(text.unicodeScalars)
    for _ in 0..<random.below(4) {
      let at = random.below(scalars.count + 1)
      switch random.below(4) {
      case 0:
        scalars.insert(contentsOf: random.pick(tokens).unicodeScalars, at: at)
      case 1 where !scalars.isEmpty:
        let end = min(scalars.count, at + 1 + random.below(12))
        if at < end { scalars.removeSubrange(at..<end) }
      case 2 where !scalars.isEmpty:
        let index = random.below(scalars.count)
        scalars[index] = Unicode.Scalar(UInt8(random.below(128)))
      default:
        // A line repeated: a row too many, or a keyword twice.
        let lines = String(String.UnicodeScalarView(scalars)).split(separator: "\n")
        if let line = lines.isEmpty ? nil : lines[random.below(lines.count)] {
          scalars.insert(contentsOf: (line + "\n").unicodeScalars, at: at)
        }
      }
    }
    return String(String.UnicodeScalarView(scalars))
  }

  @Test("every base table reads whole, whatever its line ends and byte-order mark")
  func basesRead() {
    for base in Self.bases {
      let (lut, diagnostics) = CubeReader.read(text: base, file: "look.cube")
      #expect(lut != nil && diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    }
  }

  @Test(
    "3,000 seeded mutations: no crash, every problem inside the file, tables whole", .tags(.slow))
  func mutations() {
    // CHROMAKE_FUZZ_SEED and CHROMAKE_FUZZ_ROUNDS run a longer or different search by hand.
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["CHROMAKE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0xC0BE
    let rounds = environment["CHROMAKE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 3_000
    var random = ProjectMutator.Random(state: seed)
    var (rejected, read) = (0, 0)
    let started = ThreadCPUTime.now
    for round in 0..<rounds {
      let text = Self.mutate(random.pick(Self.bases), &random)
      let lines = text.split(
        omittingEmptySubsequences: false,
        whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
      ).count
      let (lut, diagnostics) = CubeReader.read(text: text, file: "look.cube")
      for problem in diagnostics {
        let line = problem.location?.line ?? 0
        #expect(
          problem.location?.file == "look.cube" && line >= 1 && line <= lines,
          "round \(round): \(problem.message) at line \(line) of \(lines)")
      }
      #expect(diagnostics.count <= 20, "round \(round)")
      if let lut {
        #expect(diagnostics.isEmpty, "round \(round)")
        #expect(CubeReader.sizes.contains(lut.size), "round \(round)")
        let expected = 3 * lut.size * lut.size * lut.size
        #expect(lut.values.count == expected, "round \(round)")
        let finite = lut.values.allSatisfy { $0.isFinite }
        #expect(finite, "round \(round)")
        read += 1
      } else {
        #expect(!diagnostics.isEmpty, "round \(round): no table and no problem")
        rejected += 1
      }
    }
    // Processor time, not the wall's: a loaded machine does not add to it (ThreadCPUTime).
    let seconds = ThreadCPUTime.now - started
    // The mutations reach the error paths and the tables alike.
    #expect(rejected > rounds / 3, "\(rejected) of \(rounds) rejected")
    #expect(read > rounds / 50, "\(read) of \(rounds) read")
    #expect(seconds < 10 * Double(max(rounds, 3_000)) / 3_000, "\(seconds) s")
  }
}

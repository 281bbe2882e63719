import Foundation

/// Seeded mutations of project files for fuzz tests: the same seed gives the same mutations on
/// every machine, so a failure found once is found again.
public enum ProjectMutator {
  /// SplitMix64: small, fast and fully determined by its seed.
  public struct Random {
    /// The generator, started at `state`.
    public init(state: UInt64) { self.state = state }

    public var state: UInt64
    public mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
  }

  /// Text that tends to find edges: YAML structure, placeholders, aliases, control characters,
  /// and numbers, times, sizes and gains at and past their limits.
  public static let tokens = [
    "{{", "}}", "{{v}}", "{{ nope }}", "*a", "&a ", "[", "]", "{", "}", ": ", "- ", "\n  ",
    "\n- ", "\"", "'", "#", "\t", "\u{0}", "\u{1B}[2J", "\r\n", "é", "<<: *a", "!!binary ", "~",
    "null", "yes", "-0", "0", "1e308", "-1e308", "99999999999999999999999", ".nan", ".inf",
    "-.inf", "0x10", "1/0", "0/0", "30000/1001", "99999999x99999999", "0x0", "-1s",
    "9999999999h", "45f", "-5f", "00:99:99", "0dB", "-0dB", "+400dB", "-1e400dB",
    "#GGGGGG", "#FF000080", "[0, 0, 0, 0]", "[-99999999, 1e308, 2, 2]", "1e-320",
    // A digit with a combining mark is one Character that looks like a digit.
    "1\u{301}", "5\u{301}%", "\u{301}", "0\u{301}.5", "\u{200D}", "１", "٣",
    // Huge and tiny exact values, whose sums and products pass 64 bits.
    "99999.999999", "0.000001", "100.000001", "\"999999999/1000000\"", "999999999.999999",
    "27:46:39.999999", "99999999.999999ms", "2399999f",
    // Flow-style collections, keyframes among them.
    "[{at: 0, value: 1}, {at: 99999.999999, value: 0}]", "{at: 1\u{301}, value: 2}",
    "[{at: 0.000001, value: [0, 0, 1, 1]}, {at: 0.000002, value: [9, 9, 1e9, 1]}]",
    "{x: [1, [2, {y: [3]}]]}",
    // Effects and output formats: units mixed across keyframes, codecs in the wrong
    // container, frame-number patterns.
    "[{at: 0, value: \"50%\"}, {at: 1s, value: 3}]", "\"150%\"", "contain-blur", "hevc",
    "prores", "opus", "pcm", ".webm", ".gif", "%05d", "%d%d", ".cube",
  ]

  private static let numbers = try! NSRegularExpression(pattern: "-?[0-9]+(\\.[0-9]+)?")

  /// `text` with one to four random edits: a cut, an inserted token, a number replaced by a
  /// token, or a line repeated elsewhere.
  public static func mutate(_ text: String, _ random: inout Random) -> String {
    var scalars = Array(text.unicodeScalars)
    for _ in 0...random.below(3) {
      let at = random.below(scalars.count + 1)
      switch random.below(5) {
      case 0:
        let end = min(scalars.count, at + 1 + random.below(20))
        scalars.removeSubrange(at..<end)
      case 1, 2:
        scalars.insert(contentsOf: random.pick(tokens).unicodeScalars, at: at)
      case 3:
        let string = String(String.UnicodeScalarView(scalars))
        let matches = numbers.matches(
          in: string, range: NSRange(string.startIndex..., in: string))
        guard !matches.isEmpty, let range = Range(random.pick(matches).range, in: string) else {
          continue
        }
        let replaced = string.replacingCharacters(in: range, with: random.pick(tokens))
        scalars = Array(replaced.unicodeScalars)
      default:
        var lines = String(String.UnicodeScalarView(scalars)).split(
          separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 1 else { continue }
        let line = random.below(lines.count)
        lines.insert(lines[line], at: random.below(lines.count))
        scalars = Array(lines.joined(separator: "\n").unicodeScalars)
      }
    }
    return String(String.UnicodeScalarView(scalars))
  }
}

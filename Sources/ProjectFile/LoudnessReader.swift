import Diagnostics
import Foundation
import Timeline
import Yams

/// Reads `output.audio.loudness` and `output.audio.true_peak`.
extension ReadContext {
  /// `-23`, `"-23 LUFS"`, `"-24 LKFS"` or a name: `ebu-r128`, `atsc-a85`, `streaming`.
  func loudnessTarget(_ node: Node) -> Located<LoudnessTarget>? {
    guard
      let s = scalarText(
        node, expected: "a loudness in LUFS or a standard's name", example: "-14")
    else {
      return nil
    }
    let text = String(s.text.trimmingWhitespace())
    let names = LoudnessTarget.named.map(\.name)
    if let named = LoudnessTarget.named.first(where: { $0.name == text.lowercased() }) {
      return Located(LoudnessTarget(lufs: named.lufs, name: named.name), at: s.location)
    }
    let number = Self.strip(unit: ["lufs", "lkfs"], from: text)
    guard let value = DecimalText.rational(number)?.doubleValue else {
      error(
        "bad-value", "not a loudness: '\(s.text)'", at: s.location, notes: s.substitutionNotes,
        help: Suggestions.help(for: text, among: names)
          ?? "write LUFS (-23 or \"-23 LUFS\") or a name: \(names.joined(separator: ", "))")
      return nil
    }
    guard (-70.0)...(-5.0) ~= value else {
      error(
        "out-of-range", "output.audio.loudness must be -70 to -5 LUFS, found \(s.text)",
        at: s.location, notes: s.substitutionNotes,
        help: "broadcast is -23 (EBU R128) or -24 (ATSC A/85), streaming about -14")
      return nil
    }
    return Located(LoudnessTarget(lufs: value, name: nil), at: s.location)
  }

  /// `-1`, `"-1 dBTP"`: from −20 to 0 dBTP.
  func truePeakCeiling(_ node: Node) -> Located<Double>? {
    guard let s = scalarText(node, expected: "a true-peak level in dBTP", example: "-1") else {
      return nil
    }
    let number = Self.strip(unit: ["dbtp", "db"], from: String(s.text.trimmingWhitespace()))
    guard let value = DecimalText.rational(number)?.doubleValue else {
      error(
        "bad-value", "not a true-peak level: '\(s.text)'", at: s.location,
        notes: s.substitutionNotes, help: "write dBTP, e.g. -1 or \"-1 dBTP\"")
      return nil
    }
    guard (-20.0)...0 ~= value else {
      error(
        "out-of-range", "output.audio.true_peak must be -20 to 0 dBTP, found \(s.text)",
        at: s.location, notes: s.substitutionNotes,
        help: "EBU R128 asks for at most -1 dBTP; some platforms ask for -2")
      return nil
    }
    return Located(value, at: s.location)
  }

  /// The number before a unit, which may be written in any case, with or without a space.
  private static func strip(unit units: [String], from text: String) -> String {
    for unit in units where text.lowercased().hasSuffix(unit) {
      return String(String(text.dropLast(unit.count)).trimmingWhitespace())
    }
    return text
  }
}

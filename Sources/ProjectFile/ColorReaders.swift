import Diagnostics
import PlanValues
import Yams

/// Colours: opaque `#RRGGBB` where a colour is matched or lies under everything, and
/// `#RRGGBBAA` where it is drawn.
extension ReadContext {
  /// An opaque `"#RRGGBB"`, for colours that are matched or lie under everything (a key colour,
  /// the output's background), where alpha would mean nothing.
  func color(_ node: Node, what: String) -> Located<RGBColor>? {
    guard let s = scalarText(node, expected: "a colour", example: "\"#FF8000\"") else { return nil }
    let text = s.text.trimmingWhitespace().description
    if let color = RGBColor(hex: text) { return Located(color, at: s.location) }
    if RGBAColor(hex: text) != nil {
      error(
        "bad-color", "\(what) cannot have alpha: '\(s.text)'", at: s.location,
        notes: s.substitutionNotes, help: "write it as \"\(text.prefix(7))\" (opaque)")
    } else {
      error(
        "bad-color", ColorText.problem(s.text, digits: "6"), at: s.location,
        notes: s.substitutionNotes,
        help: "write a colour as \"#RRGGBB\", quoted (YAML reads an unquoted # as a comment)")
    }
    return nil
  }

  /// `"#RRGGBB"` (opaque) or `"#RRGGBBAA"`, for colours that are drawn.
  func rgbaColor(_ node: Node) -> Located<RGBAColor>? {
    guard let s = scalarText(node, expected: "a colour", example: "\"#FF8000\"") else { return nil }
    guard let color = RGBAColor(hex: s.text.trimmingWhitespace().description) else {
      error(
        "bad-color", ColorText.problem(s.text, digits: "6 or 8"), at: s.location,
        notes: s.substitutionNotes,
        help: "write a colour as \"#RRGGBB\" (opaque) or \"#RRGGBBAA\" (AA: opacity, 00 to FF), "
          + "quoted (YAML reads an unquoted # as a comment)")
      return nil
    }
    return Located(color, at: s.location)
  }
}

/// Why a text is not a colour, for messages: a digit that is not hexadecimal, or the wrong count.
enum ColorText {
  static func problem(_ text: String, digits allowed: String) -> String {
    let trimmed = text.trimmingWhitespace()
    guard trimmed.hasPrefix("#") else { return "not a colour: '\(text)'" }
    let digits = trimmed.dropFirst()
    if let bad = digits.first(where: { !$0.isASCII || !$0.isHexDigit }) {
      return "'\(text)' is not a colour: '\(bad)' is not a hexadecimal digit"
    }
    let count = digits.count == 1 ? "1 hexadecimal digit" : "\(digits.count) hexadecimal digits"
    return "'\(text)' is not a colour: it has \(count), not \(allowed)"
  }
}

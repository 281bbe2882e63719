/// Text from a user's file or data, made safe and short enough to print on a terminal.
///
/// Control characters (C0, DEL and C1) would let a file move the cursor, clear the screen or
/// recolour the terminal, and a NUL ends a C string early: each is shown as a visible escape
/// such as `\u{1B}` instead. Tabs are shown as one space, so columns still line up.
public enum DisplayText {
  /// `text` with every control character escaped.
  public static func escaped(_ text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { out.append(contentsOf: shown(scalar)) }
    return String(out)
  }

  /// How one scalar is shown: itself, a space for a tab, or an escape.
  static func shown(_ scalar: Unicode.Scalar) -> String.UnicodeScalarView {
    if scalar == "\t" { return " ".unicodeScalars }
    guard needsEscape(scalar) else { return String(scalar).unicodeScalars }
    return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars
  }

  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}

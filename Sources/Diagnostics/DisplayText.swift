/// Text from a user's file or data, made safe and short enough to print on a terminal.
///
/// Control characters (C0, DEL and C1) would let a file move the cursor, clear the screen,
/// retitle or recolour the terminal, and a NUL ends a C string early; the bidirectional
/// formatting characters (embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069,
/// the marks U+200E, U+200F and U+061C) would let it reorder what is printed after them, so
/// a line reads other than it is. Each is shown as a visible escape such as `\u{1B}` or
/// `\u{202E}` instead. Tabs are shown as one space, so columns still line up.
public enum DisplayText {
  /// `text` with every control and bidirectional formatting character escaped.
  public static func escaped(_ text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { out.append(contentsOf: shown(scalar)) }
    return String(out)
  }

  /// `text` escaped as `escaped` does, line by line: its line feeds are kept, so a message of
  /// several lines prints as several lines.
  public static func escapedLines(_ text: some StringProtocol) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped($0) }
      .joined(separator: "\n")
  }

  /// JSON text with every control and bidirectional formatting character left raw in it
  /// written as a JSON escape (`\u202e`): the same JSON, decoding to the same strings, that
  /// prints on a terminal as it is.
  public static func escapedJSON(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: needsEscape) else { return json }
    var out = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      // Tabs and line breaks are only ever whitespace between tokens (JSON escapes them in
      // strings), where an escape would make the JSON invalid.
      guard needsEscape(scalar), !["\t", "\n", "\r"].contains(scalar) else {
        out.append(scalar)
        continue
      }
      // Every such scalar lies in the Basic Multilingual Plane: four hex digits hold it.
      let hex = String(scalar.value, radix: 16)
      out.append(
        contentsOf: "\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)".unicodeScalars)
    }
    return String(out)
  }

  /// How one scalar is shown: itself, a space for a tab, or an escape.
  static func shown(_ scalar: Unicode.Scalar) -> String.UnicodeScalarView {
    if scalar == "\t" { return " ".unicodeScalars }
    guard needsEscape(scalar) else { return String(scalar).unicodeScalars }
    return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars
  }

  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar)
  }

  /// True for the characters that change the order text is shown in (Unicode's
  /// Bidi_Control property).
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}

/// Renders diagnostics as text, compiler style:
///
/// ```
/// project.yaml:9:5: error: unknown key 'opacty' in layer 'plate' [unknown-key]
///     9 |     opacty: 0.5
///       |     ^~~~~~
///   help: did you mean 'opacity'?
/// ```
public struct DiagnosticPrinter: Sendable {
  /// Whether to emit ANSI colour codes.
  public var useColor: Bool
  /// The files to quote lines from.
  public var sources: SourceText

  /// Creates a printer.
  public init(sources: SourceText, useColor: Bool) {
    self.sources = sources
    self.useColor = useColor
  }

  /// Whether colour suits this stream: only on a terminal, and never when `NO_COLOR` is set to
  /// anything (see no-color.org) or `TERM` is `dumb`.
  public static func wantsColor(isTerminal: Bool, environment: [String: String]) -> Bool {
    isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
  }

  /// The full text of one diagnostic, ending in a newline.
  public func render(_ diagnostic: Diagnostic) -> String {
    var out = ""
    let place = diagnostic.location.map { "\($0): " } ?? "chromake: "
    out += paint(place, .bold)
    out += paint("\(diagnostic.severity.rawValue):", color(for: diagnostic.severity))
    out += paint(" \(DisplayText.escaped(diagnostic.message))", .bold)
    out += " [\(diagnostic.id)]\n"
    if let location = diagnostic.location { out += snippet(at: location, diagnostic.severity) }
    for note in diagnostic.notes {
      let at = note.location.map { " (\($0))" } ?? ""
      out += "  " + paint("note:", .bold) + " \(DisplayText.escaped(note.message))\(at)\n"
    }
    if let help = diagnostic.help {
      out += "  " + paint("help:", .cyan) + " \(DisplayText.escaped(help))\n"
    }
    return out
  }

  /// How many diagnostics with the same id are printed in full: past that, one line counts the
  /// rest, so a line with thousands of the same mistake gives a screenful, not megabytes.
  public static let repeatLimit = 20

  /// All diagnostics followed by a one-line count such as `2 errors, 1 warning`.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    var out = ""
    var printed: [String: Int] = [:]
    var withheld: [(id: String, count: Int)] = []
    for diagnostic in diagnostics {
      let key = "\(diagnostic.severity.rawValue) \(diagnostic.id)"
      let count = printed[key, default: 0]
      printed[key] = count + 1
      if count < Self.repeatLimit {
        out += render(diagnostic)
      } else if let index = withheld.firstIndex(where: { $0.id == key }) {
        withheld[index].count += 1
      } else {
        withheld.append((key, 1))
      }
    }
    for (key, count) in withheld {
      let parts = key.split(separator: " ", maxSplits: 1)
      out +=
        paint("chromake: ", .bold)
        + "\(count) more \(parts[0])\(count == 1 ? "" : "s") [\(parts[1])] not shown\n"
    }
    return out + Self.summary(diagnostics)
  }

  /// `"2 errors, 1 warning\n"`, or an empty string when there is nothing to count.
  public static func summary(_ diagnostics: [Diagnostic]) -> String {
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    var parts: [String] = []
    if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
    if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
    return parts.isEmpty ? "" : parts.joined(separator: ", ") + "\n"
  }

  /// The widest excerpt printed, in columns: a longer line is cut to a window around the caret.
  public static let excerptWidth = 100

  private func snippet(at location: SourceLocation, _ severity: Severity) -> String {
    guard location.line > 0, let text = sources.line(location.line, of: location.file) else {
      return ""
    }
    let excerpt = Excerpt(
      line: text, column: location.column, length: location.length, width: Self.excerptWidth)
    let number = String(location.line)
    let gutter = String(repeating: " ", count: number.count + 2)
    var out = paint(" \(number) |", .blue) + " \(excerpt.text)\n"
    if let caret = excerpt.caret {
      let indent = String(repeating: " ", count: caret.start)
      let marker = "^" + String(repeating: "~", count: max(0, caret.width - 1))
      out += paint("\(gutter)|", .blue) + " \(indent)" + paint(marker, color(for: severity)) + "\n"
    }
    return out
  }

  private enum Style: String {
    case bold = "1"
    case red = "1;31"
    case yellow = "1;33"
    case cyan = "1;36"
    case blue = "1;34"
  }

  private func color(for severity: Severity) -> Style {
    switch severity {
    case .error: .red
    case .warning: .yellow
    case .note: .cyan
    }
  }

  private func paint(_ text: String, _ style: Style) -> String {
    useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}

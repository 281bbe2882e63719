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
    out += paint(" \(diagnostic.message)", .bold)
    out += " [\(diagnostic.id)]\n"
    if let location = diagnostic.location { out += snippet(at: location, diagnostic.severity) }
    for note in diagnostic.notes {
      let at = note.location.map { " (\($0))" } ?? ""
      out += "  " + paint("note:", .bold) + " \(note.message)\(at)\n"
    }
    if let help = diagnostic.help {
      out += "  " + paint("help:", .cyan) + " \(help)\n"
    }
    return out
  }

  /// All diagnostics followed by a one-line count such as `2 errors, 1 warning`.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map(render).joined() + Self.summary(diagnostics)
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

  private func snippet(at location: SourceLocation, _ severity: Severity) -> String {
    guard location.line > 0, let text = sources.line(location.line, of: location.file) else {
      return ""
    }
    let number = String(location.line)
    let gutter = String(repeating: " ", count: number.count + 2)
    let expanded = text.replacingTabs()
    var out = paint(" \(number) |", .blue) + " \(expanded)\n"
    if location.column >= 1 {
      let indent = String(repeating: " ", count: location.column - 1)
      let available = max(1, expanded.unicodeScalars.count - (location.column - 1))
      let width = min(location.length, available)
      let marker = "^" + String(repeating: "~", count: max(0, width - 1))
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

extension String {
  /// Tabs become single spaces so the caret lines up (YAML forbids tabs for indentation, and a
  /// tab elsewhere counts as one column in libyaml's marks).
  fileprivate func replacingTabs() -> String {
    String(unicodeScalars.map { $0 == "\t" ? " " : Character($0) })
  }
}

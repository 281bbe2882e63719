import Diagnostics
import Yams

/// Turns Yams' errors into located diagnostics.
enum YAMLErrorTranslator {
  static func diagnostic(for error: any Error, file: String) -> Diagnostic {
    guard let yaml = error as? YamlError else {
      return .error("yaml-syntax", "YAML could not be read: \(error)", at: .wholeFile(file))
    }
    switch yaml {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let notes = context.map { [Diagnostic.Note("\($0.text) (\($0.mark))")] } ?? []
      return .error(
        "yaml-syntax", "YAML syntax: \(problem)",
        at: SourceLocation(file: file, line: mark.line, column: mark.column), notes: notes,
        help: hint(for: problem))
    case .reader(let problem, _, _, _):
      return .error("yaml-syntax", "YAML could not be read: \(problem)", at: .wholeFile(file))
    default:
      return .error("yaml-syntax", "YAML could not be read: \(yaml)", at: .wholeFile(file))
    }
  }

  static func hint(for problem: String) -> String? {
    if problem.contains("tab") { return "indent with spaces; YAML does not allow tabs there" }
    if problem.contains("mapping values are not allowed") {
      return "a value containing ': ' must be quoted"
    }
    return nil
  }
}

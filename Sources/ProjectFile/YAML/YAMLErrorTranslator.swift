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
    case .duplicatedKeysInMapping(_, let context):
      // `YAMLPrescan` finds repeated plain keys at the repeat; what reaches here is a repeated
      // complex key (a list or mapping used as a key). Yams's own text quotes the whole file.
      return .error(
        "duplicate-key",
        "a key that is a list or a mapping is given twice in this mapping",
        at: SourceLocation(file: file, line: context.mark.line, column: context.mark.column))
    case .reader(let problem, _, _, _):
      return .error("yaml-syntax", "YAML could not be read: \(problem)", at: .wholeFile(file))
    default:
      // Yams's descriptions of its other errors quote the whole file: say only what failed.
      return .error("yaml-syntax", "YAML could not be read", at: .wholeFile(file))
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

import Diagnostics
import Foundation
import Yams

/// A scalar's text after `{{name}}` substitution, with where it was written.
struct ScalarText {
  var text: String
  var location: SourceLocation
  /// Whether it was written in quotes (a quoted `"true"` is still a string).
  var quoted: Bool
  /// The variables substituted into it, for notes on later errors.
  var substitutions: [Substitution]
  /// The text as written, before substitution; `nil` when it had no placeholders.
  var template: String? = nil

  /// Notes saying which variables made this value, so that a bad `--set` or data value is
  /// traceable to where it was written.
  var substitutionNotes: [Diagnostic.Note] { substitutions.map(\.note) }

  /// The text as a located value that remembers how it was made.
  var located: Located<String> {
    var located = Located(text, at: location)
    located.substitutions = substitutions
    located.template = template
    return located
  }
}

extension ReadContext {
  /// The text of a scalar node, placeholders substituted. Reports (and returns `nil` for)
  /// mappings, lists, nulls and bad placeholders; `expected` names what was wanted, and
  /// `example` shows one such value as it is written, for the help of a wrong-type error.
  func scalarText(_ node: Node, expected: String, example: String) -> ScalarText? {
    let location = location(of: node)
    guard case .scalar(let scalar) = node, !scalar.isNull else {
      error(
        "wrong-type", "expected \(expected), found \(node.kindName)", at: location,
        help: startsComment(at: location)
          ? "an unquoted # starts a YAML comment; quote the value, as in \"#00FF00\""
          : exampleHelp(example, at: location))
      return nil
    }
    let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
    guard scalar.string.contains("{{") else {
      return ScalarText(text: scalar.string, location: location, quoted: quoted, substitutions: [])
    }
    return substitute(scalar, at: location, quoted: quoted)
  }

  /// "write one value, for example: font: DejaVu Sans Bold 40": `example` after the key the
  /// value at `location` is written under, when one stands before it on its line.
  func exampleHelp(_ example: String, at location: SourceLocation) -> String {
    guard location.line >= 1, location.line <= lines.count else {
      return "write one value, for example: \(example)"
    }
    var before = scalars(ofLine: location.line).prefix(max(0, location.column - 1))
    while before.last == " " || before.last == "\t" { before.removeLast() }
    guard before.last == ":" else { return "write one value, for example: \(example)" }
    before.removeLast()
    let isKeyScalar = { (c: Unicode.Scalar) in
      c == "_" || c == "-" || c.properties.isAlphabetic || ("0"..."9").contains(c)
    }
    let key = String(
      String.UnicodeScalarView(before.reversed().prefix(while: isKeyScalar).reversed()))
    return key.isEmpty
      ? "write one value, for example: \(example)"
      : "write one value, for example: \(key): \(example)"
  }

  /// Whether the source text at `location` (an empty value's place) begins a comment.
  private func startsComment(at location: SourceLocation) -> Bool {
    guard location.line >= 1, location.line <= lines.count else { return false }
    let rest = scalars(ofLine: location.line).dropFirst(max(0, location.column - 1))
    return rest.first(where: { $0 != " " }) == "#"
  }

  private func substitute(_ scalar: Node.Scalar, at location: SourceLocation, quoted: Bool)
    -> ScalarText?
  {
    switch PlaceholderScanner.scan(scalar.string) {
    case .failure(.unclosed(let offset)):
      error(
        "bad-placeholder", "'{{' is not closed by '}}'",
        at: placeholderLocation(scalar, location, text: "{{", offset: offset, length: 2),
        help: "write a placeholder as {{name}}")
      return nil
    case .failure(.badName(let p)):
      error(
        "bad-placeholder", "'\(p.text)' is not a variable name",
        at: placeholderLocation(scalar, location, text: p.text, offset: p.offset, length: p.length),
        help: "a variable name is a letter or '_' followed by letters, digits or '_'")
      return nil
    case .success(let placeholders):
      placeholderCount += placeholders.count
      if placeholderCount > ProjectLimits.placeholders {
        if !reportedPlaceholderLimit {
          reportedPlaceholderLimit = true
          error(
            "too-many-placeholders",
            "the file has more than \(ProjectLimits.placeholders) {{placeholders}}; this value "
              + "goes past the limit",
            at: location)
        }
        return nil
      }
      // Offsets are in Unicode scalars; walking one array keeps substitution linear in the
      // text's length however many placeholders it holds.
      let scalars = Array(scalar.string.unicodeScalars)
      // Collected in an array: appending to a String.UnicodeScalarView piece by piece copies
      // the whole string each time.
      var result: [Unicode.Scalar] = []
      result.reserveCapacity(scalars.count)
      var cursor = 0
      var substitutions: [Substitution] = []
      var failed = false
      let asIs = writtenAsIs(scalar, at: location)
      for p in placeholders {
        result.append(contentsOf: scalars[cursor..<p.offset])
        cursor = p.offset + p.length
        guard let entry = variables.lookUp(p.name) else {
          failed = true
          let names = variables.entries.keys.sorted()
          error(
            "unknown-variable", "no variable named '\(p.name)'",
            at: placeholderLocation(
              scalar, location, text: p.text, offset: p.offset, length: p.length, asIs: asIs),
            help: Suggestions.help(for: p.name, among: names)
              ?? "declare it under 'variables:' or pass --set \(p.name)=VALUE")
          continue
        }
        result.append(contentsOf: entry.value.unicodeScalars)
        // One note per variable, however often the value repeats it.
        if substitutions.contains(where: { $0.name == p.name }) { continue }
        substitutions.append(
          Substitution(
            name: p.name, value: entry.value, origin: entry.origin,
            // A --set value was written on the command line, not at the declaration.
            source: entry.source ?? (entry.origin == "variables" ? entry.location : nil),
            isData: entry.isData))
      }
      result.append(contentsOf: scalars[cursor...])
      if failed { return nil }
      return ScalarText(
        text: String(scalars: result), location: location, quoted: quoted,
        substitutions: substitutions,
        template: scalar.string)
    }
  }

  /// Where a placeholder sits: found on the scalar's line when the scalar is written on one line,
  /// else the scalar's own location.
  private func placeholderLocation(
    _ scalar: Node.Scalar, _ location: SourceLocation, text: String, offset: Int, length: Int,
    asIs: Bool? = nil
  ) -> SourceLocation {
    if asIs ?? writtenAsIs(scalar, at: location) {
      let quote = (scalar.style == .singleQuoted || scalar.style == .doubleQuoted) ? 1 : 0
      return SourceLocation(
        file: file, line: location.line, column: location.column + quote + offset, length: length)
    }
    let occurrence =
      scalar.string.unicodeScalars.prefix(offset).split(
        separator: "\n", omittingEmptySubsequences: false
      ).count == 1 ? countOccurrences(of: text, in: scalar.string, before: offset) : nil
    if let occurrence,
      let column = column(
        of: text, line: location.line, from: location.column, occurrence: occurrence)
    {
      return SourceLocation(file: file, line: location.line, column: column, length: length)
    }
    return location
  }

  /// Whether the scalar's value is its source text, character for character, on its line (no
  /// escapes, no folding), so an offset into the value is an offset into the line. Checking
  /// that once per value keeps locating many placeholders in one long line linear.
  private func writtenAsIs(_ scalar: Node.Scalar, at location: SourceLocation) -> Bool {
    guard location.line >= 1, location.line <= lines.count, location.column >= 1 else {
      return false
    }
    let quote = (scalar.style == .singleQuoted || scalar.style == .doubleQuoted) ? 1 : 0
    let source = scalars(ofLine: location.line).dropFirst(location.column - 1 + quote)
    return source.starts(with: scalar.string.unicodeScalars)
  }

  private func countOccurrences(of text: String, in string: String, before offset: Int) -> Int {
    let prefix = String(String.UnicodeScalarView(string.unicodeScalars.prefix(offset)))
    return prefix.components(of: text)
  }
}

extension String {
  /// Non-overlapping occurrences of `needle`.
  fileprivate func components(of needle: String) -> Int {
    guard !needle.isEmpty else { return 0 }
    var count = 0
    var rest = self[...]
    while let range = rest.range(of: needle) {
      count += 1
      rest = rest[range.upperBound...]
    }
    return count
  }
}

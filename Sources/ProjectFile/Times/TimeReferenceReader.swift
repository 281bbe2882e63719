import Diagnostics
import Timeline
import Yams

/// Times that may follow other things (`voice.end + 300ms`): read here, resolved by the
/// planner. A text that `TimeParser` reads is a plain time, exactly as before; only one it
/// cannot read, and that names a `NAME.part`, is a reference.
extension ReadContext {
  /// A time or a reference to another thing's; with `positive`, a plain time must be more
  /// than zero (a reference is held to that once resolved).
  func followingTime(_ node: Node, what: String, positive: Bool = false) -> Located<TimeValue>? {
    guard let s = scalarText(node, expected: "a time", example: "2.5s") else { return nil }
    guard case .failure = TimeParser.parse(s.text), let parsed = TimeExpressionParser.parse(s.text)
    else {
      let time = time(s, what: what)
      return positive ? time.flatMap { self.positive($0, what: what) } : time
    }
    switch parsed {
    case .failure(let problem):
      error(
        "bad-time-reference", "\(what): \(problem.message)", at: place(problem.range, in: s),
        notes: s.substitutionNotes,
        help: problem.unknownPart.flatMap { part in
          // A word of thousands of letters is no typo of `length`, and not worth the search.
          part.count > 16
            ? nil : Suggestions.help(for: part, among: TimeExpression.Part.allCases.map(\.rawValue))
        })
      return nil
    case .success(let reference):
      timeReferences[s.location] = TimeReferenceSpec(
        text: String(s.text.trimmingWhitespace()), expression: reference.expression,
        location: s.location, nameLocation: place(reference.nameRange, in: s),
        substitutionNotes: s.substitutionNotes)
      return Located(.zero, at: s.location)
    }
  }

  /// Where `range` (Unicode scalars of `s.text`) was written: found on the line when the text
  /// stands there as it is (no placeholders, escapes or line breaks), else the whole value.
  private func place(_ range: Range<Int>, in s: ScalarText) -> SourceLocation {
    let here = s.location
    guard s.substitutions.isEmpty, !range.isEmpty,
      let start = column(of: s.text, line: here.line, from: here.column, occurrence: 0)
    else { return here }
    return SourceLocation(
      file: here.file, line: here.line, column: start + range.lowerBound, length: range.count)
  }
}

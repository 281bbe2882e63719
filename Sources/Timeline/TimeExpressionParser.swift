/// A time expression read from text, with where its parts were written (offsets in Unicode
/// scalars from the start of the text), so messages can point at the name.
public struct ParsedTimeExpression: Hashable, Sendable {
  /// What was written.
  public var expression: TimeExpression
  /// Where the name is in the text.
  public var nameRange: Range<Int>
}

/// Why a time expression could not be read, and where in its text.
public struct TimeExpressionError: Error, Equatable, Sendable {
  /// One sentence for a diagnostic.
  public var message: String
  /// The scalars of the text the message is about.
  public var range: Range<Int>
  /// The word after the dot when it is not `start`, `end` or `length`, for a "did you mean".
  public var unknownPart: String?
}

/// Reads `NAME.start`, `NAME.end` or `NAME.length` followed by plain times added or taken
/// away: `voice.end + 300ms`, `intro.end - 1s + 2f`.
///
/// A name may hold any characters, dots and hyphens included (`end-card.v2.start`): the
/// reference ends at the first dot followed by letters and then the text's end, a space or an
/// operator. After it, `+` and `-` separate plain times, which hold neither.
public enum TimeExpressionParser {
  /// At most this many plain times follow the reference: enough for any real offset, and a
  /// bound on the work of reading and resolving one value.
  public static let maxTerms = 16

  /// The expression `text` holds, or its first problem; `nil` when `text` has no reference in
  /// it (then it is a plain time, or not a time at all, as `TimeParser` says).
  public static func parse(_ text: String) -> Result<ParsedTimeExpression, TimeExpressionError>? {
    let scalars = Array(text.unicodeScalars)
    guard let (dot, partEnd) = referenceDot(in: scalars) else { return nil }
    var nameStart = 0
    while nameStart < dot, scalars[nameStart].properties.isWhitespace { nameStart += 1 }
    let part = String(String.UnicodeScalarView(scalars[(dot + 1)..<partEnd]))
    // Messages quote at most the start of a long word.
    let shown = part.count > 32 ? part.prefix(32) + "…" : part[...]
    guard nameStart < dot else {
      return .failure(
        TimeExpressionError(
          message: "'.\(shown)' needs the name of a layer, an audio track or a sequence item "
            + "before it, as in 'voice.end'",
          range: dot..<partEnd))
    }
    guard let known = TimeExpression.Part(rawValue: part) else {
      return .failure(
        TimeExpressionError(
          message: "'.\(shown)' is not a time of a layer, track or item; write .start, .end or "
            + ".length",
          range: (dot + 1)..<partEnd, unknownPart: part))
    }
    let name = String(String.UnicodeScalarView(scalars[nameStart..<dot]))
    var terms: [TimeExpression.Term] = []
    var index = partEnd
    while true {
      while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
      guard index < scalars.count else { break }
      let sign = scalars[index]
      guard sign == "+" || sign == "-" else {
        return .failure(
          TimeExpressionError(
            message: "expected + or - and a time after '\(name).\(part)'",
            range: index..<scalars.count))
      }
      let termStart = index + 1
      var termEnd = termStart
      while termEnd < scalars.count, scalars[termEnd] != "+", scalars[termEnd] != "-" {
        termEnd += 1
      }
      let term = String(String.UnicodeScalarView(scalars[termStart..<termEnd]))
      guard !term.trimmingWhitespace().isEmpty else {
        return .failure(
          TimeExpressionError(
            message: "a time is missing after '\(Character(sign))'", range: index..<(index + 1)))
      }
      guard terms.count < maxTerms else {
        return .failure(
          TimeExpressionError(
            message: "a time reference adds or takes away at most \(maxTerms) times",
            range: index..<scalars.count))
      }
      switch TimeParser.parse(term) {
      case .success(let time): terms.append(.init(subtracts: sign == "-", time: time))
      case .failure(let failure):
        return .failure(
          TimeExpressionError(
            message:
              "'\(term.trimmingWhitespace())' after '\(Character(sign))': \(failure.message)",
            range: trimmed(termStart..<termEnd, in: scalars)))
      }
      index = termEnd
    }
    return .success(
      ParsedTimeExpression(
        expression: TimeExpression(name: name, part: known, terms: terms),
        nameRange: nameStart..<dot))
  }

  /// The first dot followed by one or more ASCII letters and then the end, whitespace or an
  /// operator, with the end of the letters; nil when there is none.
  private static func referenceDot(in scalars: [Unicode.Scalar]) -> (Int, Int)? {
    for (index, scalar) in scalars.enumerated() where scalar == "." {
      var end = index + 1
      while end < scalars.count, isASCIILetter(scalars[end]) { end += 1 }
      guard end > index + 1 else { continue }
      if end == scalars.count || scalars[end].properties.isWhitespace || scalars[end] == "+"
        || scalars[end] == "-"
      {
        return (index, end)
      }
    }
    return nil
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func trimmed(_ range: Range<Int>, in scalars: [Unicode.Scalar]) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
    while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
    return lower..<upper
  }
}

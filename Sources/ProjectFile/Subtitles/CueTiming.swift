import Timeline

/// A cue's timing line, `00:00:01,000 --> 00:00:02,500`, read into its two times. What follows
/// the end time (WebVTT cue settings, SubRip's old `X1:` coordinates) is ignored.
struct CueTiming: Equatable {
  var start: Rational
  var end: Rational
  /// The column (1-based, in scalars) of the start time, where messages about the cue point.
  var column: Int

  /// A problem with one part of a timing line, at its columns.
  struct Problem: Equatable {
    var column: Int
    var length: Int
    var message: String
  }

  /// Every problem of a timing line.
  struct Problems: Error, Equatable {
    var all: [Problem]
  }

  /// Whether `line` is meant as a timing line: it holds the arrow (its three scalars, so that
  /// a `>` under a combining mark is found as the reading finds it). Asked of every line, so
  /// one pass and no copy.
  static func isTimingLine(_ line: Substring) -> Bool {
    var dashes = 0
    for scalar in line.unicodeScalars {
      if scalar == ">", dashes >= 2 { return true }
      dashes = scalar == "-" ? dashes + 1 : 0
    }
    return false
  }

  /// Reads `line`; every problem is reported, the start's and the end's.
  static func read(_ line: Substring, format: SubtitleFormat) -> Result<CueTiming, Problems> {
    let scalars = Array(line.unicodeScalars)
    guard let arrow = arrowOffset(in: scalars) else {
      return .failure(
        Problems(all: [
          Problem(column: 1, length: max(1, scalars.count), message: "expected a timing line")
        ]))
    }
    let startToken = token(in: scalars, from: 0, upTo: arrow, format: format)
    let endToken = token(
      in: scalars, from: arrow + 3, upTo: scalars.count, format: format, stopAtSpace: true)
    var problems: [Problem] = []
    func time(_ token: (offset: Int, text: String)?, what: String, at column: Int) -> Int64? {
      guard let token else {
        problems.append(
          Problem(column: column, length: 3, message: "the timing line has no \(what) time"))
        return nil
      }
      switch CueTimestamp.milliseconds(Substring(token.text), format: format) {
      case .success(let value): return value
      case .failure(let problem):
        problems.append(
          Problem(
            column: token.offset + problem.offset + 1, length: problem.length,
            message: problem.message + unseparated(token.text, format: format)))
        return nil
      }
    }
    let start = time(startToken, what: "start", at: arrow + 1)
    let end = time(endToken, what: "end", at: arrow + 1)
    guard let start, let end else { return .failure(Problems(all: problems)) }
    return .success(
      CueTiming(
        start: Rational(start, 1000), end: Rational(end, 1000),
        column: (startToken?.offset ?? 0) + 1))
  }

  /// What to add to a message about a token that holds a character Unicode calls a space
  /// but `format` does not (a vertical tab in WebVTT), which looks like a space and is not.
  private static func unseparated(_ token: String, format: SubtitleFormat) -> String {
    guard
      let scalar = token.unicodeScalars.first(where: {
        $0.properties.isWhitespace && !format.isSpace($0)
      })
    else { return "" }
    let code = String(scalar.value, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
    return "; U+\(padded) is no space in \(format.rawValue): separate the times with spaces, "
      + "tabs or form feeds"
  }

  private static func arrowOffset(in scalars: [Unicode.Scalar]) -> Int? {
    guard scalars.count >= 3 else { return nil }
    return (0...(scalars.count - 3)).first {
      scalars[$0] == "-" && scalars[$0 + 1] == "-" && scalars[$0 + 2] == ">"
    }
  }

  /// The text between `from` and `upTo` without the spaces around it (with `stopAtSpace`, only
  /// up to the first space after it), and its offset; `nil` when there is none. What a space
  /// is, `format` says.
  private static func token(
    in scalars: [Unicode.Scalar], from: Int, upTo: Int, format: SubtitleFormat,
    stopAtSpace: Bool = false
  ) -> (offset: Int, text: String)? {
    var first = from
    while first < upTo, format.isSpace(scalars[first]) { first += 1 }
    var last = first
    while last < upTo, !(stopAtSpace && format.isSpace(scalars[last])) { last += 1 }
    while last > first, format.isSpace(scalars[last - 1]) { last -= 1 }
    guard last > first else { return nil }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars[first..<last])
    return (first, text)
  }
}

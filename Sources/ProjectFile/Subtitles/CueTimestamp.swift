import Timeline

/// Reads the times of a cue's timing line: `01:02:03,456` in SubRip, `01:02:03.456` or
/// `02:03.456` in WebVTT. Both separators are taken in both formats, as subtitle editors
/// write either; the hours are optional only in WebVTT. A time is under 100,000 s, as every
/// time of a project is.
///
/// The token is read as Unicode scalars: a digit followed by a combining mark is two scalars,
/// a digit and a mark that is none, and so an error at its column.
enum CueTimestamp {
  /// Why a time could not be read: where in the token, and what to say.
  struct Problem: Error, Equatable {
    /// Scalars from the token's start to the part that is wrong.
    var offset: Int
    /// How many scalars are wrong.
    var length: Int
    var message: String
  }

  /// The most digits an hour count may have: more is past the limit on times anyway, and
  /// five keep the arithmetic far from overflow.
  static let hourDigits = 5

  /// The time `token` says, in milliseconds.
  static func milliseconds(_ token: Substring, format: SubtitleFormat) -> Result<Int64, Problem> {
    let scalars = Array(token.unicodeScalars)
    let example = format == .subRip ? "00:01:02,500" : "00:01:02.500 or 01:02.500"
    let whole = Problem(
      offset: 0, length: max(1, scalars.count),
      message: "'\(quote(scalars[...]))' is not a time; expected one such as \(example)")
    // Each part's indices are its offsets in the token.
    let parts = scalars.split(separator: ":", omittingEmptySubsequences: false)
    let hoursGiven: Bool
    switch (parts.count, format) {
    case (3, _): hoursGiven = true
    case (2, .webVTT): hoursGiven = false
    case (2, .subRip):
      return .failure(
        Problem(
          offset: 0, length: max(1, scalars.count),
          message: "'\(quote(scalars[...]))' has no hours; a SubRip time is "
            + "hours:minutes:seconds,milliseconds such as 00:01:02,500"))
    default: return .failure(whole)
    }
    var hours: Int64 = 0
    if hoursGiven {
      let text = parts[0]
      guard !text.isEmpty, text.allSatisfy(\.isASCIIDecimalDigit) else { return .failure(whole) }
      guard text.count <= hourDigits else {
        return .failure(
          Problem(
            offset: 0, length: text.count,
            message: "hours '\(quote(text))' are out of range (at most \(hourDigits) digits)"))
      }
      hours = value(text)
    }
    let minutes: Int64
    switch sexagesimal(parts[parts.count - 2], unit: "minutes", else: whole) {
    case .success(let read): minutes = read
    case .failure(let problem): return .failure(problem)
    }
    let last = parts[parts.count - 1]
    guard let separator = last.firstIndex(where: { $0 == "," || $0 == "." }) else {
      return .failure(
        Problem(
          offset: last.startIndex, length: max(1, last.count),
          message:
            "'\(quote(last))' has no milliseconds; write seconds, then ',' or '.', then three "
            + "digits, as in 02,500"))
    }
    let seconds: Int64
    switch sexagesimal(last[..<separator], unit: "seconds", else: whole) {
    case .success(let read): seconds = read
    case .failure(let problem): return .failure(problem)
    }
    let fraction = last[(separator + 1)...]
    guard fraction.count == 3, fraction.allSatisfy(\.isASCIIDecimalDigit) else {
      return .failure(
        Problem(
          offset: separator + 1, length: max(1, fraction.count),
          message: "milliseconds '\(quote(fraction))' must be three digits, as in 02,500 for "
            + "two and a half seconds"))
    }
    let total = ((hours * 60 + minutes) * 60 + seconds) * 1000 + value(fraction)
    let limit = TimeParser.maxSeconds
    guard total < limit * 1000 else {
      return .failure(
        Problem(
          offset: 0, length: max(1, scalars.count),
          message: "'\(quote(scalars[...]))' is too late: a cue time must be under \(limit) s "
            + "(\(limit / 3600):\(limit % 3600 / 60):\(limit % 60))"))
    }
    return .success(total)
  }

  /// What a message quotes of a part it found: at most 40 characters, since the line itself
  /// is quoted under it.
  private static func quote(_ part: ArraySlice<Unicode.Scalar>) -> String {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: part.prefix(part.count > 40 ? 39 : 40))
    return String(text) + (part.count > 40 ? "…" : "")
  }

  /// The number that `digits`, ASCII digits few enough not to overflow, say.
  private static func value(_ digits: ArraySlice<Unicode.Scalar>) -> Int64 {
    digits.reduce(0) { $0 * 10 + Int64($1.value - 0x30) }
  }

  /// Minutes or seconds: one or two digits, below 60. A part that is no number at all is
  /// `whole`, the problem of the whole token.
  private static func sexagesimal(
    _ text: ArraySlice<Unicode.Scalar>, unit: String, else whole: Problem
  ) -> Result<Int64, Problem> {
    guard !text.isEmpty, text.allSatisfy(\.isASCIIDecimalDigit) else { return .failure(whole) }
    guard text.count <= 2 else {
      return .failure(
        Problem(
          offset: text.startIndex, length: text.count,
          message: "\(unit) '\(quote(text))' must have one or two digits, 0 to 59"))
    }
    let read = value(text)
    guard read < 60 else {
      return .failure(
        Problem(
          offset: text.startIndex, length: text.count,
          message: "\(unit) '\(quote(text))' must be 00 to 59"))
    }
    return .success(read)
  }
}

import Timeline

/// Reads the times of a cue's timing line: `01:02:03,456` in SubRip, `01:02:03.456` or
/// `02:03.456` in WebVTT. Both separators are taken in both formats, as subtitle editors
/// write either; the hours are optional only in WebVTT.
enum CueTimestamp {
  /// Why a time could not be read: where in the token, and what to say.
  struct Problem: Error, Equatable {
    /// Scalars from the token's start to the part that is wrong.
    var offset: Int
    /// How many scalars are wrong.
    var length: Int
    var message: String
  }

  /// The most digits an hour count may have: 99,999 hours is far past any video.
  static let hourDigits = 5

  /// The time `token` says, in milliseconds.
  static func milliseconds(_ token: Substring, format: SubtitleFormat) -> Result<Int64, Problem> {
    let example = format == .subRip ? "00:01:02,500" : "00:01:02.500 or 01:02.500"
    let quoted = quote(token)
    let whole = Problem(
      offset: 0, length: max(1, token.unicodeScalars.count),
      message: "'\(quoted)' is not a time; expected one such as \(example)")
    let parts = token.split(separator: ":", omittingEmptySubsequences: false)
    let hoursGiven: Bool
    switch (parts.count, format) {
    case (3, _): hoursGiven = true
    case (2, .webVTT): hoursGiven = false
    case (2, .subRip):
      return .failure(
        Problem(
          offset: 0, length: token.unicodeScalars.count,
          message: "'\(quoted)' has no hours; a SubRip time is hours:minutes:seconds,milliseconds "
            + "such as 00:01:02,500"))
    default: return .failure(whole)
    }
    var offset = 0
    var hours: Int64 = 0
    if hoursGiven {
      let text = parts[0]
      guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit) else { return .failure(whole) }
      guard text.count <= hourDigits, let value = Int64(text) else {
        return .failure(
          Problem(
            offset: 0, length: text.count,
            message: "hours '\(text)' are out of range (at most \(hourDigits) digits)"))
      }
      hours = value
      offset += text.count + 1
    }
    let minuteText = parts[parts.count - 2]
    guard let minutes = sexagesimal(minuteText) else {
      return .failure(
        Problem(
          offset: offset, length: max(1, minuteText.count),
          message: minuteText.allSatisfy(\.isASCIIDigit) && !minuteText.isEmpty
            ? "minutes '\(quote(minuteText))' must be 00 to 59" : whole.message))
    }
    offset += minuteText.count + 1
    let last = parts[parts.count - 1]
    guard let separator = last.firstIndex(where: { $0 == "," || $0 == "." }) else {
      return .failure(
        Problem(
          offset: offset, length: max(1, last.count),
          message:
            "'\(quote(last))' has no milliseconds; write seconds, then ',' or '.', then three "
            + "digits, as in 02,500"))
    }
    let secondText = last[..<separator]
    guard let seconds = sexagesimal(secondText) else {
      return .failure(
        Problem(
          offset: offset, length: max(1, secondText.count),
          message: secondText.allSatisfy(\.isASCIIDigit) && !secondText.isEmpty
            ? "seconds '\(quote(secondText))' must be 00 to 59" : whole.message))
    }
    offset += secondText.count + 1
    let fraction = last[last.index(after: separator)...]
    guard fraction.count == 3, fraction.allSatisfy(\.isASCIIDigit), let millis = Int64(fraction)
    else {
      return .failure(
        Problem(
          offset: offset, length: max(1, fraction.count),
          message: "milliseconds '\(quote(fraction))' must be three digits, as in 02,500 for "
            + "two and a half seconds"))
    }
    return .success(((hours * 60 + minutes) * 60 + seconds) * 1000 + millis)
  }

  /// What a message quotes of a part it found: at most 40 characters, since the line itself
  /// is quoted under it.
  private static func quote(_ part: Substring) -> Substring {
    part.count > 40 ? part.prefix(39) + "…" : part
  }

  /// Minutes or seconds: one or two digits, below 60.
  private static func sexagesimal(_ text: Substring) -> Int64? {
    guard (1...2).contains(text.count), text.allSatisfy(\.isASCIIDigit), let value = Int64(text),
      value < 60
    else { return nil }
    return value
  }
}

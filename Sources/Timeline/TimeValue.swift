/// A time as the user wrote it: seconds, or a count of output frames (`45f`), which can only be
/// turned into seconds once the output frame rate is known.
public enum TimeValue: Hashable, Sendable, Codable, CustomStringConvertible {
  /// An exact number of seconds.
  case seconds(Rational)
  /// A number of output frames.
  case frames(Int64)

  /// Zero seconds.
  public static let zero = TimeValue.seconds(.zero)

  /// Seconds, converting frames at `fps`.
  public func seconds(fps: Rational) -> Rational {
    switch self {
    case .seconds(let s): s
    case .frames(let n): Rational(n) / fps
    }
  }

  /// `2.5s` or `45f`.
  public var description: String {
    switch self {
    case .seconds(let s): "\(TimeFormat.seconds(s))s"
    case .frames(let n): "\(n)f"
    }
  }
}

/// Why a time could not be read.
public struct TimeParseError: Error, Equatable, Sendable {
  /// One sentence for a diagnostic.
  public var message: String
}

/// Reads every written form of a time: `2.5`, `2.5s`, `250ms`, `00:01:02.500`, `01:02.5`, `45f`.
public enum TimeParser {
  /// The longest time accepted, in seconds (about 27.8 hours), keeping all arithmetic exact.
  public static let maxSeconds: Int64 = 100_000

  /// Parses `text`; whitespace around the number and before the unit is allowed.
  public static func parse(_ text: String) -> Result<TimeValue, TimeParseError> {
    let trimmed = text.trimmingWhitespace()
    if trimmed.hasPrefix("-") {
      return .failure(TimeParseError(message: "a time cannot be negative"))
    }
    if trimmed.contains(":") { return parseClock(trimmed) }
    var number = trimmed[...]
    var unit = ""
    if let index = number.firstIndex(where: { $0.isLetter }), index != number.startIndex {
      unit = String(number[index...]).lowercased()
      number = number[..<index]
      while number.last == " " { number = number.dropLast() }
    }
    switch unit {
    case "f":
      guard let frames = Int64(number), frames >= 0, frames <= maxSeconds * 240 else {
        return .failure(TimeParseError(message: "a frame count is a whole number, as in '45f'"))
      }
      return .success(.frames(frames))
    case "", "s", "ms":
      guard let value = DecimalText.rational(number) else { return .failure(unreadable) }
      let seconds = unit == "ms" ? value / Rational(1000) : value
      return checked(seconds)
    default:
      return .failure(
        TimeParseError(message: "unknown time unit '\(unit)'; use s, ms or f (frames)"))
    }
  }

  private static let unreadable = TimeParseError(
    message: "not a time; write seconds (2.5 or 2.5s), milliseconds (250ms), "
      + "a clock time (00:01:02.5) or output frames (45f)")

  private static func parseClock(_ text: Substring) -> Result<TimeValue, TimeParseError> {
    let fields = text.split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 2 || fields.count == 3 else { return .failure(unreadable) }
    guard let secondsField = DecimalText.rational(fields[fields.count - 1]),
      fields[fields.count - 1].utf8.first.flatMap(ASCIIDigit.value) != nil
    else { return .failure(unreadable) }
    var whole: [Int64] = []
    for field in fields.dropLast() {
      guard let value = ASCIIDigit.integer(field, maxDigits: 6) else {
        return .failure(unreadable)
      }
      whole.append(value)
    }
    if secondsField >= Rational(60) || (whole.count == 2 && whole[1] >= 60) {
      return .failure(
        TimeParseError(message: "minutes and seconds in a clock time must be under 60"))
    }
    let minutes = whole.count == 2 ? whole[0] * 60 + whole[1] : whole[0]
    return checked(Rational(minutes * 60) + secondsField)
  }

  private static func checked(_ seconds: Rational) -> Result<TimeValue, TimeParseError> {
    if seconds.isNegative { return .failure(TimeParseError(message: "a time cannot be negative")) }
    if seconds > Rational(maxSeconds) {
      return .failure(TimeParseError(message: "a time must be under \(maxSeconds) seconds"))
    }
    return .success(.seconds(seconds))
  }
}

extension StringProtocol where SubSequence == Substring {
  /// The text without leading and trailing whitespace.
  func trimmingWhitespace() -> Substring {
    var s = self[...]
    while s.first?.isWhitespace == true { s = s.dropFirst() }
    while s.last?.isWhitespace == true { s = s.dropLast() }
    return s
  }
}

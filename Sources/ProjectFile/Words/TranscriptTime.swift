import Timeline

/// Reads a time written as a JSON number, exactly as written: `1.234` seconds is 1234/1000 and
/// `1234` milliseconds the same. A time is 0 or more and under `TimeParser.maxSeconds`, as
/// every time of a project is.
///
/// Digits past the ninth decimal of a second are rounded to the nearest nanosecond: a tool that
/// sums floating-point numbers writes `2.3000000000000003` for 2.3, and a frame lasts millions
/// of nanoseconds. A number's text is at most `LocatedJSONParser.numberLength` characters, and
/// an exponent of more than four digits is refused, so the arithmetic stays far from overflow.
enum TranscriptTime {
  /// What a time is counted in.
  enum Unit {
    case seconds
    case milliseconds

    /// What a message calls it.
    var name: String {
      switch self {
      case .seconds: "seconds"
      case .milliseconds: "milliseconds"
      }
    }
  }

  /// Why a number is no time: what to say.
  struct Problem: Error, Equatable {
    var message: String
  }

  /// The time `text` (a number as the JSON parser read it) says in `unit`.
  static func read(_ text: String, unit: Unit) -> Result<Rational, Problem> {
    if ["NaN", "Infinity", "-Infinity"].contains(text) {
      return .failure(Problem(message: "\(text) is no time"))
    }
    var bytes = Array(text.utf8)[...]
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    // The number is digits, an optional fraction and an optional exponent (the parser checked
    // the grammar): gather the digits and where the point falls.
    var digits: [UInt8] = []
    var exponent = 0
    var inFraction = false
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        let written = String(decoding: bytes[(index + 1)...], as: UTF8.self)
        let magnitude = written.trimmingPrefix { $0 == "+" || $0 == "-" }
        guard magnitude.count <= 4, let value = Int(written) else {
          return .failure(Problem(message: "the exponent of \(text) is too large for a time"))
        }
        exponent += value
        break
      } else {
        digits.append(byte - UInt8(ascii: "0"))
        if inFraction { exponent -= 1 }
      }
      index += 1
    }
    // Leading zeros say nothing; without them, the point falls after `pointAt` digits.
    let first = digits.firstIndex { $0 != 0 } ?? digits.count
    let significant = Array(digits[first...])
    if significant.isEmpty { return .success(.zero) }
    if negative {
      return .failure(Problem(message: "\(text) \(unit.name) is before the file's start (0)"))
    }
    let unitExponent = unit == .milliseconds ? -3 : 0
    let pointAt = significant.count + exponent + unitExponent
    let limit = TimeParser.maxSeconds
    // 10^6 s or more is far past the limit; the exact test follows.
    guard pointAt <= 6 else {
      return .failure(Problem(message: tooLate(text, unit: unit, limit: limit)))
    }
    // The digits down to nanoseconds, the next one rounding.
    let kept = pointAt + 9
    var nanoseconds: Int128 = 0
    for position in 0..<max(0, kept) {
      let digit = position < significant.count ? significant[position] : 0
      nanoseconds = nanoseconds * 10 + Int128(digit)
    }
    if kept >= 0, kept < significant.count, significant[kept] >= 5 { nanoseconds += 1 }
    let value = Rational(wide: nanoseconds, 1_000_000_000)
    guard value < Rational(limit) else {
      return .failure(Problem(message: tooLate(text, unit: unit, limit: limit)))
    }
    return .success(value)
  }

  private static func tooLate(_ text: String, unit: Unit, limit: Int64) -> String {
    "\(text) \(unit.name) is too late: a time must be under \(limit) s"
  }
}

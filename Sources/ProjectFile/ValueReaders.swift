import Diagnostics
import Foundation
import PlanValues
import Timeline
import Yams

/// Typed readers for every kind of value in the format. Each reports a located error and
/// returns `nil` when the value cannot be used; callers then keep the default, so reading goes
/// on and every problem of the file is found in one run.
extension ReadContext {
  func string(_ node: Node, what: String, example: String) -> Located<String>? {
    scalarText(node, expected: what, example: example)?.located
  }

  func nonEmptyString(_ node: Node, what: String, example: String) -> Located<String>? {
    guard let s = string(node, what: what, example: example) else { return nil }
    guard !s.value.trimmingWhitespace().isEmpty else {
      error(
        "empty-value", "\(what) cannot be empty", at: s.location,
        notes: s.substitutions.map(\.note))
      return nil
    }
    return s
  }

  func bool(_ node: Node) -> Located<Bool>? {
    guard let s = scalarText(node, expected: "true or false", example: "true") else { return nil }
    switch s.text.lowercased() {
    case "true": return Located(true, at: s.location)
    case "false": return Located(false, at: s.location)
    default:
      error(
        "wrong-type", "expected true or false, found '\(s.text)'", at: s.location,
        notes: s.substitutionNotes)
      return nil
    }
  }

  /// A `when:` condition after substitution: true is `true`, `yes` or `1`; false is `false`,
  /// `no`, `0` or empty (a blank data cell hides what it guards). Letter case is ignored, as
  /// spreadsheets write `TRUE`.
  func condition(_ node: Node) -> Located<Bool>? {
    guard let s = scalarText(node, expected: "a condition", example: "yes") else { return nil }
    switch s.text.trimmingWhitespace().lowercased() {
    case "true", "yes", "1": return Located(true, at: s.location)
    case "false", "no", "0", "": return Located(false, at: s.location)
    default:
      error(
        "bad-condition", "when must be true, yes, 1, false, no, 0 or empty, found '\(s.text)'",
        at: s.location, notes: s.substitutionNotes,
        help: "a data cell left blank hides the entry; write yes or no for the others")
      return nil
    }
  }

  func integer(_ node: Node, what: String, in range: ClosedRange<Int>) -> Located<Int>? {
    // Zero where the range holds it (a rotation, an offset), else the smallest value.
    let example = range.contains(0) ? 0 : range.lowerBound
    guard let s = scalarText(node, expected: what, example: "\(example)") else {
      return nil
    }
    guard let value = Int(s.text.trimmingWhitespace()) else {
      error(
        "wrong-type", "expected \(what), found '\(s.text)'", at: s.location,
        notes: s.substitutionNotes)
      return nil
    }
    guard range.contains(value) else {
      error(
        "out-of-range",
        "\(what) must be \(range.lowerBound) to \(range.upperBound), found \(value)",
        at: s.location, notes: s.substitutionNotes)
      return nil
    }
    return Located(value, at: s.location)
  }

  /// A number in `range`; with `aboveLowest`, the lower bound itself is refused too (a line
  /// spacing or a stroke width of zero would draw nothing).
  func number(
    _ node: Node, what: String, in range: ClosedRange<Double>, aboveLowest: Bool = false
  ) -> Located<Double>? {
    // Zero where the range holds it, else the smallest value it takes.
    let smallest = aboveLowest ? min(range.upperBound, range.lowerBound + 1) : range.lowerBound
    let example = format(
      range.contains(0) && !(aboveLowest && range.lowerBound == 0) ? 0 : smallest)
    guard let s = scalarText(node, expected: what, example: example) else { return nil }
    guard let value = DecimalText.rational(s.text.trimmingWhitespace()) else {
      error(
        "wrong-type", "expected \(what), found '\(s.text)'", at: s.location,
        notes: s.substitutionNotes)
      return nil
    }
    let double = value.doubleValue
    guard range.contains(double), !aboveLowest || double > range.lowerBound else {
      let bounds =
        aboveLowest
        ? "greater than \(format(range.lowerBound)) and at most \(format(range.upperBound))"
        : "\(format(range.lowerBound)) to \(format(range.upperBound))"
      error(
        "out-of-range", "\(what) must be \(bounds), found \(s.text)", at: s.location,
        notes: s.substitutionNotes)
      return nil
    }
    return Located(double, at: s.location)
  }

  func time(_ node: Node, what: String) -> Located<TimeValue>? {
    guard let s = scalarText(node, expected: "a time", example: "2.5s") else { return nil }
    return time(s, what: what)
  }

  /// A plain time from a scalar's text.
  func time(_ s: ScalarText, what: String) -> Located<TimeValue>? {
    switch TimeParser.parse(s.text) {
    case .success(let value): return Located(value, at: s.location)
    case .failure(let failure):
      error(
        "bad-time", "\(what): \(failure.message)", at: s.location, notes: s.substitutionNotes)
      return nil
    }
  }

  /// `0.5` (linear), `"-6dB"`, `"+3 dB"`.
  func gain(_ node: Node) -> Located<Gain>? {
    guard let s = scalarText(node, expected: "a gain", example: "-6dB") else { return nil }
    let text = s.text.trimmingWhitespace()
    if text.lowercased().hasSuffix("db") {
      let number = text.dropLast(2).trimmingWhitespace()
      guard let db = DecimalText.rational(number) else {
        error(
          "bad-gain", "not a gain in decibels: '\(s.text)'", at: s.location,
          notes: s.substitutionNotes, help: "write decibels as -6dB or +3 dB")
        return nil
      }
      guard db <= Rational(40) else {
        error(
          "out-of-range", "a gain above +40 dB is almost surely a mistake: '\(s.text)'",
          at: s.location, notes: s.substitutionNotes)
        return nil
      }
      guard db >= Rational(-200) else {
        error(
          "out-of-range", "a gain below -200 dB is silence by any measure: '\(s.text)'",
          at: s.location, notes: s.substitutionNotes, help: "write 0 for silence")
        return nil
      }
      return Located(.decibels(db.doubleValue), at: s.location)
    }
    guard let linear = DecimalText.rational(text) else {
      error(
        "bad-gain", "not a gain: '\(s.text)'", at: s.location, notes: s.substitutionNotes,
        help: "write a linear factor (0.5) or decibels (-6dB)")
      return nil
    }
    guard !linear.isNegative, linear <= Rational(100) else {
      error(
        "out-of-range", "a linear gain must be 0 to 100, found \(s.text)", at: s.location,
        notes: s.substitutionNotes, help: "for a level below unity, write decibels such as -6dB")
      return nil
    }
    return Located(Gain(linear: linear.doubleValue), at: s.location)
  }

  func size(_ node: Node) -> Located<FrameSize>? {
    guard let s = scalarText(node, expected: "a size", example: "1280x720") else { return nil }
    let parts = s.text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0].trimmingWhitespace()),
      let h = Int(parts[1].trimmingWhitespace())
    else {
      error(
        "bad-size", "not a size: '\(s.text)'", at: s.location, notes: s.substitutionNotes,
        help: "write a size as WIDTHxHEIGHT, e.g. 1280x720")
      return nil
    }
    guard (16...8192).contains(w), (16...8192).contains(h) else {
      error(
        "out-of-range", "width and height must be 16 to 8192, found \(w)x\(h)", at: s.location,
        notes: s.substitutionNotes)
      return nil
    }
    guard w % 2 == 0, h % 2 == 0 else {
      error(
        "odd-size", "width and height must be even (4:2:0 video), found \(w)x\(h)",
        at: s.location, notes: s.substitutionNotes,
        help: "try \(w + w % 2)x\(h + h % 2)")
      return nil
    }
    return Located(FrameSize(width: w, height: h), at: s.location)
  }

  func frameRate(_ node: Node) -> Located<Rational>? {
    guard let s = scalarText(node, expected: "a frame rate", example: "30") else { return nil }
    guard let rate = FrameRate.parse(s.text) else {
      error(
        "bad-fps", "not a frame rate: '\(s.text)'", at: s.location, notes: s.substitutionNotes,
        help: "write an integer (30), a decimal (29.97) or a ratio (\"30000/1001\")")
      return nil
    }
    guard rate >= Rational(1), rate <= Rational(240) else {
      error(
        "out-of-range", "fps must be 1 to 240, found \(s.text)", at: s.location,
        notes: s.substitutionNotes)
      return nil
    }
    return Located(rate, at: s.location)
  }

  /// `192k`, `1.5M`, or bits per second.
  func bitrate(_ node: Node) -> Located<Int>? {
    guard let s = scalarText(node, expected: "a bit rate", example: "192k") else { return nil }
    var text = s.text.trimmingWhitespace()
    var scale = Rational(1)
    if let last = text.last?.lowercased(), last == "k" || last == "m" {
      scale = Rational(last == "k" ? 1000 : 1_000_000)
      text = text.dropLast()
    }
    guard let value = DecimalText.rational(text) else {
      error(
        "bad-bitrate", "not a bit rate: '\(s.text)'", at: s.location, notes: s.substitutionNotes,
        help: "write a bit rate as 192k, 1.5M or in bits per second")
      return nil
    }
    let bps = (value * scale).rounded
    guard (8000...1_536_000).contains(bps) else {
      error(
        "out-of-range", "a bit rate must be 8k to 1536k, found \(s.text)", at: s.location,
        notes: s.substitutionNotes)
      return nil
    }
    return Located(Int(bps), at: s.location)
  }

  /// One of a fixed set of words. `hints` gives help for words that are close in meaning but
  /// not in spelling (`center` for `middle`).
  func choice<T: RawRepresentable>(
    _ node: Node, what: String, _ choices: [T], hints: [String: String] = [:]
  ) -> Located<T>? where T.RawValue == String {
    let example = choices.first?.rawValue ?? ""
    guard let s = scalarText(node, expected: what, example: example) else { return nil }
    if let value = choices.first(where: { $0.rawValue == s.text }) {
      return Located(value, at: s.location)
    }
    let names = choices.map(\.rawValue)
    error(
      "bad-value", "\(what) must be one of \(names.joined(separator: ", ")), found '\(s.text)'",
      at: s.location, notes: s.substitutionNotes,
      help: hints[s.text] ?? Suggestions.help(for: s.text, among: names))
    return nil
  }

  private func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

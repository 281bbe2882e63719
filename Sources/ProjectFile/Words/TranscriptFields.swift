import Diagnostics
import Timeline

/// Reads the members of a JSON transcript's objects into their types, each problem an error at
/// the value's own line and column (or at its object's, when the member is missing). The
/// JSON readers share it; it gathers their diagnostics.
struct TranscriptFields {
  let file: String
  private(set) var diagnostics: [Diagnostic] = []

  init(file: String) {
    self.file = file
  }

  /// Whether enough problems are found to stop reading.
  var isFull: Bool { diagnostics.count > WordTranscriptReader.reportedProblems }

  func location(_ value: LocatedJSON) -> SourceLocation {
    value.position.location(in: file)
  }

  mutating func error(
    _ id: String, _ message: String, at value: LocatedJSON.Position, help: String
  ) {
    diagnostics.append(.error(id, message, at: value.location(in: file), help: help))
  }

  mutating func warning(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// The members of `value` when it is an object; else an error calling it `what`.
  mutating func object(_ value: LocatedJSON, _ what: String, help: String)
    -> [LocatedJSON.Member]?
  {
    if let members = value.members { return members }
    wrongType(value, what, expected: "an object { … }", help: help)
    return nil
  }

  /// The elements of `value` when it is a list; else an error.
  mutating func array(_ value: LocatedJSON, _ what: String, help: String) -> [LocatedJSON]? {
    if case .array(let elements) = value.value { return elements }
    wrongType(value, what, expected: "a list [ … ]", help: help)
    return nil
  }

  /// Member `key` of `object` (written at `objectValue`), or an error saying it is missing.
  mutating func required(
    _ key: String, of objectValue: LocatedJSON, _ what: String, help: String
  ) -> LocatedJSON? {
    if let value = objectValue[key] { return value }
    error(
      "missing-key", "\(what) has no \"\(key)\"", at: objectValue.position, help: help)
    return nil
  }

  /// The bytes of `value` when it is a string; else an error.
  mutating func bytes(_ value: LocatedJSON, _ what: String, help: String)
    -> (bytes: [UInt8], badByte: LocatedJSON.Position?)?
  {
    if case .string(let bytes, let bad) = value.value { return (bytes, bad) }
    wrongType(value, what, expected: "a string \"…\"", help: help)
    return nil
  }

  /// The text of `value` when it is a string of UTF-8; else an error at its first bad byte.
  mutating func text(_ value: LocatedJSON, _ what: String, help: String) -> String? {
    guard let (bytes, bad) = bytes(value, what, help: help) else { return nil }
    return text(bytes, badByte: bad, at: value.position)
  }

  /// `bytes` as text, or an error at `badByte` (or `position` when it is not known).
  mutating func text(
    _ bytes: [UInt8], badByte: LocatedJSON.Position?, at position: LocatedJSON.Position
  )
    -> String?
  {
    guard let offset = SourceOffsets.firstInvalidUTF8(in: bytes) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    error(
      "not-utf8",
      "the text holds byte \(LocatedJSONParser.hex(bytes[offset])), which starts no UTF-8 "
        + "character",
      at: badByte ?? position,
      help: "save the transcript as UTF-8")
    return nil
  }

  /// The time `value` says in `unit`, when it is a number that is a time; else an error.
  mutating func time(
    _ value: LocatedJSON, _ what: String, unit: TranscriptTime.Unit
  ) -> Rational? {
    let help = "\(what) is a number of \(unit.name), as \(unit == .seconds ? "12.345" : "12345")"
    guard case .number(let text) = value.value else {
      wrongType(value, what, expected: "a number of \(unit.name)", help: help)
      return nil
    }
    switch TranscriptTime.read(text, unit: unit) {
    case .success(let time): return time
    case .failure(let problem):
      error("bad-word-time", "\(what): \(problem.message)", at: value.position, help: help)
      return nil
    }
  }

  private mutating func wrongType(
    _ value: LocatedJSON, _ what: String, expected: String, help: String
  ) {
    error(
      "wrong-type", "\(what) must be \(expected), not \(value.kindName)", at: value.position,
      help: help)
  }
}

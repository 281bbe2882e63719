/// Reads JSON (RFC 8259) from UTF-8 bytes into `LocatedJSON`, every value with its line and
/// column, bounded whatever the bytes: nesting at most `depthLimit` deep, numbers at most
/// `numberLength` characters, and every byte looked at a bounded number of times.
///
/// The first syntax error ends the reading (nothing after it can be trusted); a key written
/// twice in one object is reported and reading goes on. Lines end at LF, CR or CRLF, and
/// columns count Unicode scalars, a byte that starts no UTF-8 character counting as one, as
/// the subtitle readers count them.
struct LocatedJSONParser {
  /// A problem, at its position.
  struct Problem: Error {
    var message: String
    var position: LocatedJSON.Position
    var help: String
  }

  /// How deeply lists and objects may nest: a transcript needs four levels.
  static let depthLimit = 64
  /// The longest number read: a time needs a dozen characters; a longer one is refused at its
  /// column rather than carried.
  static let numberLength = 64

  private let bytes: [UInt8]
  private var offset = 0
  private var line: Int32 = 1
  private var column: Int32 = 1
  /// Keys written twice, reported after the reading.
  private(set) var duplicates: [Problem] = []

  /// A parser of `bytes`, UTF-8 without a byte-order mark.
  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The value `bytes` hold, and nothing after it but white space.
  mutating func parse() -> Result<LocatedJSON, Problem> {
    do throws(Problem) {
      skipSpace()
      let value = try parseValue(depth: 0)
      skipSpace()
      if offset < bytes.count {
        throw problem(
          "\(describeHere()) after the end of the JSON value",
          help: "a file holds one JSON value; is a comma or a bracket missing before this?")
      }
      return .success(value)
    } catch {
      return .failure(error)
    }
  }

  // MARK: Values

  private mutating func parseValue(depth: Int) throws(Problem) -> LocatedJSON {
    guard offset < bytes.count else {
      throw problem("the file ends where a value was expected", help: Self.valueHelp)
    }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""):
      let start = here()
      let (string, bad) = try parseString()
      return LocatedJSON(value: .string(string, badByte: bad), position: span(from: start))
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "N"),
      UInt8(ascii: "I"):
      return try parseNumber()
    default:
      throw problem("expected a value, found \(describeHere())", help: Self.valueHelp)
    }
  }

  private static let valueHelp =
    "a JSON value is an object {…}, a list […], a string \"…\", a number, true, false or null"

  private mutating func parseObject(depth: Int) throws(Problem) -> LocatedJSON {
    let start = here()
    try checkDepth(depth)
    step()
    var members: [LocatedJSON.Member] = []
    // Keys seen, to find one written twice without a quadratic search.
    var seen = Set<String>()
    skipSpace()
    if peek(UInt8(ascii: "}")) {
      step()
      return LocatedJSON(value: .object([]), position: span(from: start))
    }
    while true {
      skipSpace()
      guard peek(UInt8(ascii: "\"")) else {
        throw problem(
          "expected a key in quotes, found \(describeHere())",
          help: "an object's members are \"key\": value, separated by commas, with no comma "
            + "after the last")
      }
      let keyPosition = here()
      let (keyBytes, _) = try parseString()
      let key = String(decoding: keyBytes, as: UTF8.self)
      let keySpan = span(from: keyPosition)
      skipSpace()
      guard peek(UInt8(ascii: ":")) else {
        throw problem(
          "expected ':' after the key, found \(describeHere())",
          help: "write \"key\": value")
      }
      step()
      skipSpace()
      let value = try parseValue(depth: depth)
      if !seen.insert(key).inserted {
        duplicates.append(
          Problem(
            message: "the key \"\(Self.quoted(key))\" is written twice in this object",
            position: keySpan,
            help: "keep one of them: which one a reader takes differs from reader to reader"))
      }
      members.append(LocatedJSON.Member(key: key, keyPosition: keySpan, value: value))
      skipSpace()
      if peek(UInt8(ascii: ",")) {
        step()
        continue
      }
      guard peek(UInt8(ascii: "}")) else {
        throw problem(
          "expected ',' or '}' after the value, found \(describeHere())",
          help: "separate an object's members with commas and close it with '}'")
      }
      step()
      return LocatedJSON(value: .object(members), position: span(from: start))
    }
  }

  private mutating func parseArray(depth: Int) throws(Problem) -> LocatedJSON {
    let start = here()
    try checkDepth(depth)
    step()
    var elements: [LocatedJSON] = []
    skipSpace()
    if peek(UInt8(ascii: "]")) {
      step()
      return LocatedJSON(value: .array([]), position: span(from: start))
    }
    while true {
      skipSpace()
      elements.append(try parseValue(depth: depth))
      skipSpace()
      if peek(UInt8(ascii: ",")) {
        step()
        continue
      }
      guard peek(UInt8(ascii: "]")) else {
        throw problem(
          "expected ',' or ']' after the value, found \(describeHere())",
          help: "separate a list's values with commas and close it with ']'")
      }
      step()
      return LocatedJSON(value: .array(elements), position: span(from: start))
    }
  }

  private func checkDepth(_ depth: Int) throws(Problem) {
    guard depth <= Self.depthLimit else {
      throw problem(
        "lists and objects nest more than \(Self.depthLimit) deep",
        help: "a word-timed transcript nests four deep; is this file one?")
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: LocatedJSON.Value)
    throws(Problem) -> LocatedJSON
  {
    let start = here()
    let expected = Array(word.utf8)
    guard bytes[offset...].starts(with: expected), !isWordByte(at: offset + expected.count)
    else {
      throw problem("expected a value, found \(describeWordHere())", help: Self.valueHelp)
    }
    for _ in expected { step() }
    return LocatedJSON(value: value, position: span(from: start))
  }

  /// Whether the byte at `index` would continue a word (`truex` is no `true`).
  private func isWordByte(at index: Int) -> Bool {
    guard index < bytes.count else { return false }
    let byte = bytes[index]
    return byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// A number as JSON writes it, or `NaN`, `Infinity`, `-Infinity`: its text, checked.
  private mutating func parseNumber() throws(Problem) -> LocatedJSON {
    var end = offset
    while isWordByte(at: end) || (end < bytes.count && "+-".utf8.contains(bytes[end])) {
      end += 1
      // Enough to know it is too long, without reading a megabyte of digits.
      if end - offset > Self.numberLength { break }
    }
    let token = String(decoding: bytes[offset..<end], as: UTF8.self)
    // Columns count characters; a number is ASCII unless it is wrong.
    let length = bytes[offset..<end].reduce(Int32(0)) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    let position = LocatedJSON.Position(line: line, column: column, length: max(1, length))
    guard end - offset <= Self.numberLength else {
      throw Problem(
        message: "a number of more than \(Self.numberLength) characters",
        position: LocatedJSON.Position(line: line, column: column, length: Int32(end - offset)),
        help: "a time is written in a few digits, as 12.345")
    }
    guard
      Self.isJSONNumber(token.utf8) || token == "NaN" || token == "Infinity"
        || token == "-Infinity"
    else {
      throw Problem(
        message: "'\(Self.quoted(token))' is not a number",
        position: position,
        help: "a JSON number reads 12, -3, 0.25 or 1.5e3: no leading zeros, '+' or bare '.'")
    }
    for _ in 0..<(end - offset) { step() }
    return LocatedJSON(value: .number(token), position: position)
  }

  /// Whether `text` follows JSON's number grammar.
  static func isJSONNumber(_ text: String.UTF8View) -> Bool {
    var bytes = text[...]
    func digits() -> Int {
      let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let leadingZero = bytes.first == UInt8(ascii: "0")
    let whole = digits()
    guard whole > 0, !(leadingZero && whole > 1) else { return false }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      guard digits() > 0 else { return false }
    }
    if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        bytes = bytes.dropFirst()
      }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }

  // MARK: Strings

  /// The string starting here (at its `"`), escapes decoded, and where its first byte that
  /// starts no UTF-8 character is.
  private mutating func parseString() throws(Problem) -> ([UInt8], LocatedJSON.Position?) {
    step()
    var out: [UInt8] = []
    var bad: LocatedJSON.Position?
    while true {
      guard offset < bytes.count else {
        throw problem(
          "the file ends inside a string", help: "close the string with '\"'")
      }
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        step()
        return (out, bad)
      case UInt8(ascii: "\\"):
        try parseEscape(into: &out)
      case 0..<0x20:
        throw problem(
          byte == 0x0A || byte == 0x0D
            ? "a line break inside a string"
            : "a control character (\(Self.hex(byte))) inside a string",
          help: "write it as an escape (\\n, \\t, \\u0000…), or close the string with '\"' first")
      case 0x80...:
        let (length, valid) = Self.utf8Sequence(bytes, at: offset)
        if !valid, bad == nil { bad = LocatedJSON.Position(line: line, column: column, length: 1) }
        out.append(contentsOf: bytes[offset..<(offset + length)])
        // One column a character, or a run of bytes that starts none (as shown, U+FFFD).
        offset += length
        column += 1
      default:
        out.append(byte)
        step()
      }
    }
  }

  private mutating func parseEscape(into out: inout [UInt8]) throws(Problem) {
    let start = here()
    step()
    guard offset < bytes.count else {
      throw problem("the file ends inside a string", help: "close the string with '\"'")
    }
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
      UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let decoded = simple[bytes[offset]] {
      out.append(decoded)
      step()
      return
    }
    guard bytes[offset] == UInt8(ascii: "u") else {
      throw Problem(
        message: "\(describeHere()) after a backslash is no escape",
        position: LocatedJSON.Position(line: start.line, column: start.column, length: 2),
        help: "JSON's escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hex "
          + "digits; write a backslash as \\\\")
    }
    step()
    var unit = try hexUnit(escapeStart: start)
    if (0xD800...0xDBFF).contains(unit) {
      // A high surrogate must be followed by its low partner, `\uDC00`…`\uDFFF`.
      guard bytes[offset...].starts(with: Array("\\u".utf8)) else {
        throw loneSurrogate(start)
      }
      step()
      step()
      let low = try hexUnit(escapeStart: start)
      guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(start) }
      unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00...0xDFFF).contains(unit) {
      throw loneSurrogate(start)
    }
    guard let scalar = Unicode.Scalar(unit) else { throw loneSurrogate(start) }
    out.append(contentsOf: Array(String(Character(scalar)).utf8))
  }

  private func loneSurrogate(_ start: LocatedJSON.Position) -> Problem {
    Problem(
      message: "a \\u escape of half a character (a surrogate without its partner)",
      position: LocatedJSON.Position(line: start.line, column: start.column, length: 6),
      help: "a character past U+FFFF is written as two escapes, as \\ud83d\\ude00 for 😀")
  }

  /// Four hex digits after `\u`.
  private mutating func hexUnit(escapeStart: LocatedJSON.Position) throws(Problem) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard offset < bytes.count, let digit = Self.hexValue(bytes[offset]) else {
        throw Problem(
          message: "\\u needs four hex digits",
          position: LocatedJSON.Position(
            line: escapeStart.line, column: escapeStart.column, length: 2),
          help: "write \\u00e9 for é")
      }
      value = value << 4 | digit
      step()
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// How many bytes at `index` make one UTF-8 character (`valid`), or else the run that starts
  /// none: the longest start of a character there, at least one byte, as a decoder replaces
  /// it with one U+FFFD.
  static func utf8Sequence(_ bytes: [UInt8], at index: Int) -> (length: Int, valid: Bool) {
    let lead = bytes[index]
    let count: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: return (1, true)
    case 0xC2...0xDF: count = 2
    case 0xE0: (count, second) = (3, 0xA0...0xBF)
    case 0xED: (count, second) = (3, 0x80...0x9F)
    case 0xE1...0xEF: count = 3
    case 0xF0: (count, second) = (4, 0x90...0xBF)
    case 0xF4: (count, second) = (4, 0x80...0x8F)
    case 0xF1...0xF3: count = 4
    default: return (1, false)
    }
    var length = 1
    while length < count, index + length < bytes.count {
      let range = length == 1 ? second : 0x80...0xBF
      guard range.contains(bytes[index + length]) else { break }
      length += 1
    }
    return (length, length == count)
  }

  // MARK: Position

  private func here() -> LocatedJSON.Position {
    LocatedJSON.Position(line: line, column: column, length: 1)
  }

  /// The position from `start` to here, its length on `start`'s line (1 when it spans lines).
  private func span(from start: LocatedJSON.Position) -> LocatedJSON.Position {
    var position = start
    position.length = line == start.line ? max(1, column - start.column) : 1
    return position
  }

  private func peek(_ byte: UInt8) -> Bool {
    offset < bytes.count && bytes[offset] == byte
  }

  /// Moves past one byte, counting lines (LF, CR, CRLF) and columns.
  private mutating func step() {
    let byte = bytes[offset]
    offset += 1
    if byte == 0x0A {
      // The LF of a CRLF was counted at the CR.
      if offset >= 2, bytes[offset - 2] == 0x0D { return }
      (line, column) = (line + 1, 1)
    } else if byte == 0x0D {
      (line, column) = (line + 1, 1)
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }

  private mutating func skipSpace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: step()
      default: return
      }
    }
  }

  private func problem(_ message: String, help: String) -> Problem {
    Problem(message: message, position: here(), help: help)
  }

  /// What is here, for a message: the character, or the byte that starts none.
  private func describeHere() -> String {
    guard offset < bytes.count else { return "the end of the file" }
    let (length, valid) = Self.utf8Sequence(bytes, at: offset)
    guard valid else { return "byte \(Self.hex(bytes[offset])), which starts no UTF-8 character" }
    let text = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
    return "'\(Self.quoted(text))'"
  }

  /// The word here (up to 20 characters), for a message about a misspelt literal.
  private func describeWordHere() -> String {
    var end = offset
    while end < bytes.count, end - offset < 20, isWordByte(at: end) { end += 1 }
    if end == offset { return describeHere() }
    return Self.quoted(String(decoding: bytes[offset..<end], as: UTF8.self))
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" : "") + digits
  }

  /// `text` as a message may quote it: at most 40 characters, control characters as `?`, so
  /// that nothing in a message moves the terminal.
  static func quoted(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars.prefix(40) {
      let control = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      out.append(control ? "?" : scalar)
    }
    return String(out) + (text.unicodeScalars.count > 40 ? "…" : "")
  }
}

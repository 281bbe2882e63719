import Diagnostics

/// Reads rows from JSON: a `.json` file holding an array of objects, or a `.jsonl` file with
/// one object per line. Each object is a row and its keys are the columns.
///
/// The JSON scanner is written here, strict to RFC 8259, rather than taken from Foundation,
/// because every value must keep its line and column, and a number must keep its literal text
/// (`9.90` stays `9.90`, `1e3` stays `1e3`) instead of being turned into a `Double`.
struct JSONRowsReader {
  /// A parsed JSON value and where it starts.
  private struct Node {
    enum Value {
      case string(String)
      /// The literal text as written.
      case number(String)
      case bool(Bool)
      case null
      case array([Node])
      case object([Member])
    }

    var value: Value
    var location: SourceLocation

    /// `"a string"`, `"an object"`… for messages.
    var kind: String {
      switch value {
      case .string: "a string"
      case .number: "a number"
      case .bool(let b): b ? "true" : "false"
      case .null: "null"
      case .array: "an array"
      case .object: "an object"
      }
    }
  }

  /// One `"key": value` of an object.
  private struct Member {
    var key: String
    var keyLocation: SourceLocation
    var value: Node
  }

  /// A syntax error: the scanner cannot go on past it.
  private struct SyntaxError: Error {
    var message: String
    var location: SourceLocation
    var help: String?
  }

  /// Deep enough for any data row, shallow enough that recursion cannot exhaust the stack.
  private static let maximumDepth = 200

  private let scalars: [Unicode.Scalar]
  private let file: String
  /// JSON Lines: a line break ends the value, instead of being whitespace.
  private let oneObjectPerLine: Bool
  private var index = 0
  private var line = 1
  private var column = 1
  private var diagnostics: [Diagnostic] = []
  private var columns: [DataColumn] = []
  private var known: Set<String> = []
  private var rows: [DataRow] = []

  private init(text: String, file: String, oneObjectPerLine: Bool) {
    scalars = Array(text.unicodeScalars)
    self.file = file
    self.oneObjectPerLine = oneObjectPerLine
  }

  /// The table read from `text`, and every problem found; the table is only meaningful when
  /// there are none.
  static func read(text: String, file: String, oneObjectPerLine: Bool)
    -> (DataTable, [Diagnostic])
  {
    var reader = JSONRowsReader(text: text, file: file, oneObjectPerLine: oneObjectPerLine)
    if reader.scalars.first == "\u{FEFF}" { reader.index = 1 }
    if oneObjectPerLine { reader.readLines() } else { reader.readArray() }
    let table = DataTable(file: file, columns: reader.columns, rows: reader.rows, text: text)
    return (table, reader.diagnostics)
  }

  // MARK: Rows

  /// `[ {…}, {…} ]`: a syntax error stops the reading, after the rows before it are checked.
  private mutating func readArray() {
    do throws(SyntaxError) {
      skipWhitespace()
      guard let first = peek() else { return reportEmpty() }
      guard first == "[" else {
        let found = first == "{" ? ", found an object" : ""
        throw SyntaxError(
          message: "expected an array of objects at the top level\(found)",
          location: location(length: 1),
          help: "enclose the rows in [ ], separated by commas, or name the file .jsonl and "
            + "write one object per line")
      }
      let start = location(length: 1)
      advance()
      skipWhitespace()
      if peek() == "]" {
        advance()
        diagnostics.append(
          .error(
            "no-data-rows", "data file has no rows", at: start,
            help: "add one object per variant to render, such as {\"headline\": \"Sale\"}"))
      } else {
        var number = 0
        while true {
          number += 1
          addRow(try value(depth: 1), number: number)
          skipWhitespace()
          if peek() == "," {
            advance()
            skipWhitespace()
            if peek() == "]" {
              throw SyntaxError(
                message: "expected a value after ','", location: location(length: 1),
                help: "JSON allows no comma before ']'")
            }
          } else if peek() == "]" {
            advance()
            break
          } else {
            throw expected("',' or ']' after a value")
          }
        }
      }
      skipWhitespace()
      if peek() != nil {
        throw SyntaxError(
          message: "unexpected text after the top-level array", location: location(length: 1),
          help: "put every row inside the one array")
      }
    } catch {
      report(error)
    }
  }

  /// One object per line; a syntax error spoils only its own line.
  private mutating func readLines() {
    var number = 0
    while index < scalars.count {
      skipWhitespace()
      guard index < scalars.count else { break }
      if isLineBreak(scalars[index]) {
        consumeLineBreak()
        continue
      }
      number += 1
      do throws(SyntaxError) {
        let node = try value(depth: 1)
        skipWhitespace()
        if peek() != nil {
          throw SyntaxError(
            message: "expected the end of the line after the object",
            location: location(length: 1),
            help: "write one object per line, with no comma between lines")
        }
        addRow(node, number: number)
      } catch {
        report(error)
        while index < scalars.count, !isLineBreak(scalars[index]) { advance() }
      }
      if index < scalars.count { consumeLineBreak() }
    }
    if number == 0, diagnostics.isEmpty { reportEmpty() }
  }

  /// Turns one parsed value into a row, reporting what cannot be a row or a cell.
  private mutating func addRow(_ node: Node, number: Int) {
    guard case .object(let members) = node.value else {
      diagnostics.append(
        .error(
          "bad-row", "row \(number): expected an object, found \(node.kind)", at: node.location,
          help: "write each row as an object such as {\"headline\": \"Sale\", \"price\": 9.90}"))
      return
    }
    var cells: [DataCell] = []
    var firstPlace: [String: SourceLocation] = [:]
    for member in members {
      let key = member.key
      if let first = firstPlace[key] {
        diagnostics.append(
          .error(
            "duplicate-key", "row \(number): key '\(key)' appears twice",
            at: member.keyLocation, notes: [.init("'\(key)' is first given here", at: first)]))
        continue
      }
      firstPlace[key] = member.keyLocation
      if known.insert(key).inserted {
        columns.append(DataColumn(name: key, location: member.keyLocation))
        if !VariableTable.isValidName(key) {
          diagnostics.append(
            .error(
              "bad-column", "column name '\(key)' is not a variable name",
              at: member.keyLocation,
              help: "a key names a {{variable}}: a letter or '_', then letters, digits or '_'"))
        }
      }
      let text: String
      switch member.value.value {
      case .string(let s): text = s
      case .number(let literal): text = literal
      case .bool(let b): text = b ? "true" : "false"
      case .null: continue
      case .array, .object:
        diagnostics.append(
          .error(
            "bad-value",
            "row \(number), column '\(key)': expected a string, number or boolean, "
              + "found \(member.value.kind)",
            at: member.value.location,
            help: "a cell is one {{variable}}'s value; write a list or object as a string"))
        continue
      }
      cells.append(DataCell(column: key, value: text, location: member.value.location))
    }
    rows.append(DataRow(number: number, location: node.location, cells: cells))
  }

  private mutating func reportEmpty() {
    let example =
      oneObjectPerLine ? "{\"headline\": \"Sale\"} on each line" : "[{\"headline\": \"Sale\"}]"
    diagnostics.append(
      .error(
        "empty-data", "data file is empty", at: .wholeFile(file),
        help: "write the rows, such as \(example)"))
  }

  private mutating func report(_ error: SyntaxError) {
    diagnostics.append(.error("bad-json", error.message, at: error.location, help: error.help))
  }

  // MARK: Values

  /// The value starting here; `depth` counts the arrays and objects around it.
  private mutating func value(depth: Int) throws(SyntaxError) -> Node {
    guard let c = peek() else { throw expected("a value") }
    switch c {
    case "\"":
      let (text, location) = try string()
      return Node(value: .string(text), location: location)
    case "-", "0"..."9":
      return try number()
    case "{", "[":
      guard depth < Self.maximumDepth else {
        throw SyntaxError(
          message: "values are nested more than \(Self.maximumDepth) deep",
          location: location(length: 1))
      }
      return c == "{" ? try object(depth: depth) : try array(depth: depth)
    case "a"..."z", "A"..."Z":
      return try literal()
    case "'":
      throw SyntaxError(
        message: "expected a value", location: location(length: 1),
        help: "JSON strings are in double quotes")
    default:
      throw expected("a value")
    }
  }

  private mutating func object(depth: Int) throws(SyntaxError) -> Node {
    let start = location(length: 1)
    advance()
    skipWhitespace()
    var members: [Member] = []
    if peek() == "}" {
      advance()
      return Node(value: .object(members), location: start)
    }
    while true {
      guard peek() == "\"" else {
        if members.isEmpty { throw expected("a string key or '}'") }
        if peek() == "}" {
          throw SyntaxError(
            message: "expected a string key after ','", location: location(length: 1),
            help: "JSON allows no comma before '}'")
        }
        throw expected("a string key after ','")
      }
      let (key, keyLocation) = try string()
      skipWhitespace()
      guard peek() == ":" else { throw expected("':' after a key") }
      advance()
      skipWhitespace()
      let value = try value(depth: depth + 1)
      members.append(Member(key: key, keyLocation: keyLocation, value: value))
      skipWhitespace()
      if peek() == "}" {
        advance()
        return Node(value: .object(members), location: start)
      }
      guard peek() == "," else { throw expected("',' or '}' after a value") }
      advance()
      skipWhitespace()
    }
  }

  private mutating func array(depth: Int) throws(SyntaxError) -> Node {
    let start = location(length: 1)
    advance()
    skipWhitespace()
    var elements: [Node] = []
    if peek() == "]" {
      advance()
      return Node(value: .array(elements), location: start)
    }
    while true {
      elements.append(try value(depth: depth + 1))
      skipWhitespace()
      if peek() == "]" {
        advance()
        return Node(value: .array(elements), location: start)
      }
      guard peek() == "," else { throw expected("',' or ']' after a value") }
      advance()
      skipWhitespace()
      if peek() == "]" {
        throw SyntaxError(
          message: "expected a value after ','", location: location(length: 1),
          help: "JSON allows no comma before ']'")
      }
    }
  }

  /// A string and its location, quotes included; the reader is on the opening quote.
  private mutating func string() throws(SyntaxError) -> (String, SourceLocation) {
    let start = location(length: 1)
    let startIndex = index
    advance()
    var text = String.UnicodeScalarView()
    while true {
      guard let c = peek() else {
        throw SyntaxError(
          message: "string is never closed", location: start,
          help: "end it with '\"' on the same line")
      }
      switch c {
      case "\"":
        advance()
        return (String(text), start.shifted(by: 0, length: index - startIndex))
      case "\\":
        text.append(try escape())
      case "\u{0}"..."\u{1F}":
        let code = "U+" + Self.hex(c.value, digits: 4)
        throw SyntaxError(
          message: "control character \(code) inside a string", location: location(length: 1),
          help: "write it as an escape, such as \\t or \\u\(Self.hex(c.value, digits: 4))")
      default:
        text.append(c)
        advance()
      }
    }
  }

  /// The character an escape stands for; the reader is on the backslash.
  private mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
    let start = location(length: 2)
    advance()
    guard let c = peek() else { throw expected("an escape after '\\'") }
    let simple: [Unicode.Scalar: Unicode.Scalar] = [
      "\"": "\"", "\\": "\\", "/": "/", "b": "\u{8}", "f": "\u{C}", "n": "\n", "r": "\r",
      "t": "\t",
    ]
    if let scalar = simple[c] {
      advance()
      return scalar
    }
    guard c == "u" else {
      throw SyntaxError(
        message: "unknown escape '\\\(Character(c))'", location: start,
        help: "JSON's escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
    }
    advance()
    let unit = try hexUnit(start: start)
    if (0xDC00...0xDFFF).contains(unit) { throw loneSurrogate(unit, at: start) }
    guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit)! }
    let lowStart = location(length: 6)
    guard peek() == "\\", index + 1 < scalars.count, scalars[index + 1] == "u" else {
      throw loneSurrogate(unit, at: start)
    }
    advance(by: 2)
    let low = try hexUnit(start: lowStart)
    guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(unit, at: start) }
    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
  }

  /// The four hex digits after `\u`.
  private mutating func hexUnit(start: SourceLocation) throws(SyntaxError) -> UInt32 {
    var unit: UInt32 = 0
    for _ in 0..<4 {
      guard let c = peek(), let digit = Self.hexDigit(c) else {
        throw SyntaxError(
          message: "expected four hexadecimal digits after '\\u'",
          location: start.shifted(by: 0, length: 2))
      }
      unit = unit * 16 + digit
      advance()
    }
    return unit
  }

  private func loneSurrogate(_ unit: UInt32, at start: SourceLocation) -> SyntaxError {
    SyntaxError(
      message: "'\\u\(Self.hex(unit, digits: 4))' is half of a surrogate pair without its "
        + "other half",
      location: start.shifted(by: 0, length: 6),
      help: "a character beyond U+FFFF is written as two escapes, such as \\uD83D\\uDE00")
  }

  /// A number, kept as written; the reader is on `-` or a digit.
  private mutating func number() throws(SyntaxError) -> Node {
    let start = location(length: 1)
    let startIndex = index
    if peek() == "-" { advance() }
    guard let first = peek(), Self.isDigit(first) else { throw expected("a digit after '-'") }
    advance()
    if first == "0", let next = peek(), Self.isDigit(next) {
      throw SyntaxError(
        message: "a number cannot start with 0 followed by more digits", location: start,
        help: "write the number without its leading zeros, or as a string")
    }
    skipDigits()
    if peek() == "." {
      advance()
      guard let c = peek(), Self.isDigit(c) else { throw expected("a digit after '.'") }
      skipDigits()
    }
    if peek() == "e" || peek() == "E" {
      advance()
      if peek() == "+" || peek() == "-" { advance() }
      guard let c = peek(), Self.isDigit(c) else { throw expected("a digit in the exponent") }
      skipDigits()
    }
    let literal = String(String.UnicodeScalarView(scalars[startIndex..<index]))
    return Node(
      value: .number(literal), location: start.shifted(by: 0, length: index - startIndex))
  }

  /// `true`, `false` or `null`; the reader is on a letter.
  private mutating func literal() throws(SyntaxError) -> Node {
    let start = location(length: 1)
    let startIndex = index
    while let c = peek(), Self.isWordCharacter(c) { advance() }
    let word = String(String.UnicodeScalarView(scalars[startIndex..<index]))
    let place = start.shifted(by: 0, length: index - startIndex)
    switch word {
    case "true": return Node(value: .bool(true), location: place)
    case "false": return Node(value: .bool(false), location: place)
    case "null": return Node(value: .null, location: place)
    default:
      throw SyntaxError(
        message: "expected a value, found '\(word)'", location: place,
        help: "the words JSON knows are true, false and null, in lower case; "
          + "put text in double quotes")
    }
  }

  // MARK: Scanning

  /// The scalar here, or `nil` at the end of the value's text: the end of the file, or of the
  /// line for JSON Lines.
  private func peek() -> Unicode.Scalar? {
    guard index < scalars.count else { return nil }
    let c = scalars[index]
    return oneObjectPerLine && isLineBreak(c) ? nil : c
  }

  /// A syntax error saying what was expected here.
  private func expected(_ what: String) -> SyntaxError {
    var message = "expected \(what)"
    if peek() == nil {
      message += index < scalars.count ? ", but the line ends" : ", but the file ends"
    }
    return SyntaxError(message: message, location: location(length: 1))
  }

  private func location(length: Int) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column, length: length)
  }

  private func isLineBreak(_ c: Unicode.Scalar) -> Bool { c == "\n" || c == "\r" }

  /// Skips JSON whitespace; line breaks only when they are not row ends.
  private mutating func skipWhitespace() {
    while index < scalars.count {
      let c = scalars[index]
      if c == " " || c == "\t" {
        advance()
      } else if isLineBreak(c), !oneObjectPerLine {
        consumeLineBreak()
      } else {
        return
      }
    }
  }

  private mutating func skipDigits() {
    while let c = peek(), Self.isDigit(c) { advance() }
  }

  /// Moves past scalars that are not line breaks.
  private mutating func advance(by count: Int = 1) {
    index += count
    column += count
  }

  /// Moves past one line break: LF, CRLF or a lone CR.
  private mutating func consumeLineBreak() {
    if scalars[index] == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
      index += 1
    }
    index += 1
    line += 1
    column = 1
  }

  private static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }

  private static func isWordCharacter(_ c: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(c) || ("A"..."Z").contains(c) || isDigit(c) || c == "_"
  }

  private static func hexDigit(_ c: Unicode.Scalar) -> UInt32? {
    switch c {
    case "0"..."9": c.value - 0x30
    case "a"..."f": c.value - 0x61 + 10
    case "A"..."F": c.value - 0x41 + 10
    default: nil
    }
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}

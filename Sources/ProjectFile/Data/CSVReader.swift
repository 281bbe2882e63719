import Diagnostics

/// Reads RFC 4180 CSV, written here rather than taken from a library because every cell must
/// keep its line and column (in Unicode scalars, 1-based, a quoted cell at its opening quote).
///
/// Comma separator; `"…"` fields may hold commas, line breaks and `""` for a quote; LF, CRLF
/// and lone CR end lines; a UTF-8 byte order mark is skipped, and so are empty lines. The first
/// record is the header, whose cells (spaces around them trimmed) name the variables. Values
/// are kept exactly as written.
struct CSVReader {
  /// One field as written.
  private struct Field {
    var value: String
    var location: SourceLocation
    var quoted: Bool
  }

  /// One record: a line, or several when a quoted field holds line breaks.
  private struct Record {
    var fields: [Field]
    var location: SourceLocation
    /// A quote was misplaced, so the field count means nothing.
    var isBroken: Bool
  }

  private let scalars: [Unicode.Scalar]
  private let file: String
  private var index = 0
  private var line = 1
  private var column = 1
  private var diagnostics: [Diagnostic] = []

  private init(text: String, file: String) {
    scalars = Array(text.unicodeScalars)
    self.file = file
  }

  /// The table read from `text`, and every problem found; the table is only meaningful when
  /// there are none.
  static func read(text: String, file: String) -> (DataTable, [Diagnostic]) {
    var reader = CSVReader(text: text, file: file)
    let (records, complete) = reader.records()
    let (columns, rows) = reader.table(from: records, complete: complete)
    return (DataTable(file: file, columns: columns, rows: rows, text: text), reader.diagnostics)
  }

  // MARK: Records

  /// Every record, and whether the text was read to its end (an unclosed quote stops it).
  private mutating func records() -> ([Record], Bool) {
    if scalars.first == "\u{FEFF}" { index = 1 }
    var records: [Record] = []
    while index < scalars.count {
      if Self.isLineBreak(scalars[index]) {
        consumeLineBreak()
        continue
      }
      guard let record = record() else { return (records, false) }
      records.append(record)
    }
    return (records, true)
  }

  /// The record starting here, or `nil` when a quote is never closed.
  private mutating func record() -> Record? {
    let start = location(length: restOfLine(from: index))
    var fields: [Field] = []
    var isBroken = false
    while true {
      guard let field = field(isBroken: &isBroken) else { return nil }
      fields.append(field)
      guard index < scalars.count else { break }
      if scalars[index] == "," {
        advance()
      } else {
        consumeLineBreak()
        break
      }
    }
    return Record(fields: fields, location: start, isBroken: isBroken)
  }

  /// The field starting here, leaving the reader on the `,` or line break after it.
  private mutating func field(isBroken: inout Bool) -> Field? {
    let startIndex = index
    var start = location(length: 1)
    var value = String.UnicodeScalarView()
    let quoted = index < scalars.count && scalars[index] == "\""
    if quoted {
      advance()
      while true {
        guard index < scalars.count else {
          diagnostics.append(
            .error(
              "bad-csv", "quoted field is never closed", at: start,
              help: "end the field with '\"', and write a quote inside it as '\"\"'"))
          return nil
        }
        let c = scalars[index]
        if c == "\"" {
          if index + 1 < scalars.count, scalars[index + 1] == "\"" {
            value.append(c)
            advance(by: 2)
            continue
          }
          advance()
          break
        }
        if Self.isLineBreak(c) {
          value.append(c)
          if c == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { value.append("\n") }
          consumeLineBreak()
        } else {
          value.append(c)
          advance()
        }
      }
      if index < scalars.count, !isFieldEnd(scalars[index]) {
        diagnostics.append(
          .error(
            "bad-csv", "text after the closing quote of a field",
            at: location(length: lengthToFieldEnd()),
            help: "put the whole value inside the quotes, and write a quote inside them as '\"\"'"))
        isBroken = true
        while index < scalars.count, !isFieldEnd(scalars[index]) { advance() }
      }
    } else {
      var reported = false
      while index < scalars.count, !isFieldEnd(scalars[index]) {
        if scalars[index] == "\"", !reported {
          diagnostics.append(
            .error(
              "bad-csv", "quote inside a field that does not start with one",
              at: location(length: 1),
              help: "enclose the whole field in quotes and double each quote inside it, "
                + "as in \"say \"\"hi\"\"\""))
          reported = true
          isBroken = true
        }
        value.append(scalars[index])
        advance()
      }
    }
    start.length = max(1, min(index - startIndex, restOfLine(from: startIndex)))
    return Field(value: String(value), location: start, quoted: quoted)
  }

  // MARK: Table

  /// The header and rows made from `records`, reporting what is wrong with them.
  private mutating func table(from records: [Record], complete: Bool)
    -> (columns: [DataColumn], rows: [DataRow])
  {
    guard let header = records.first else {
      if complete {
        diagnostics.append(
          .error(
            "empty-data", "data file is empty", at: .wholeFile(file),
            help: "start with a header row naming the variables, such as 'headline,price'"))
      }
      return ([], [])
    }
    let columns = self.columns(from: header)
    if records.count == 1, complete {
      diagnostics.append(
        .error(
          "no-data-rows", "data file has a header but no rows", at: header.location,
          help: "add one line of values under the header for each variant to render"))
    }
    var rows: [DataRow] = []
    for (offset, record) in records.dropFirst().enumerated() {
      let number = offset + 1
      if !record.isBroken, record.fields.count != columns.count {
        let count = record.fields.count
        let extra = record.fields.dropFirst(columns.count).first
        diagnostics.append(
          .error(
            "ragged-row",
            "row \(number) has \(count) field\(count == 1 ? "" : "s"); "
              + "the header has \(columns.count)",
            at: record.location,
            notes: extra.map { [.init("the first extra field is here", at: $0.location)] } ?? [],
            help: extra == nil ? nil : "enclose a value that holds a comma in double quotes"))
      }
      let cells = zip(columns, record.fields).map { column, field in
        DataCell(column: column.name, value: field.value, location: field.location)
      }
      rows.append(DataRow(number: number, location: record.location, cells: cells))
    }
    return (columns, rows)
  }

  /// The header's columns, reporting names that are empty, not variable names, or repeated.
  private mutating func columns(from header: Record) -> [DataColumn] {
    var columns: [DataColumn] = []
    var firstPlace: [String: SourceLocation] = [:]
    for (offset, field) in header.fields.enumerated() {
      let scalars = Array(field.value.unicodeScalars)
      let leading = scalars.prefix { $0 == " " || $0 == "\t" }.count
      let trailing = scalars.reversed().prefix { $0 == " " || $0 == "\t" }.count
      let name = String(String.UnicodeScalarView(scalars.dropFirst(leading).dropLast(trailing)))
      var location = field.location
      if !field.quoted, !name.isEmpty {
        location = location.shifted(by: leading, length: name.unicodeScalars.count)
      }
      columns.append(DataColumn(name: name, location: location))
      if name.isEmpty {
        diagnostics.append(
          .error(
            "bad-column", "header cell \(offset + 1) is empty", at: location,
            help: "every column needs a variable name, the name of the {{variable}} it sets"))
        continue
      }
      if !VariableTable.isValidName(name) {
        diagnostics.append(
          .error(
            "bad-column", "column name '\(name)' is not a variable name", at: location,
            help: "a column names a {{variable}}: a letter or '_', then letters, digits "
              + "or '_' (spaces around it are ignored)"))
      }
      if let first = firstPlace[name] {
        diagnostics.append(
          .error(
            "duplicate-column", "column '\(name)' is named twice in the header", at: location,
            notes: [.init("'\(name)' is first named here", at: first)]))
      } else {
        firstPlace[name] = location
      }
    }
    return columns
  }

  // MARK: Scanning

  private static func isLineBreak(_ c: Unicode.Scalar) -> Bool { c == "\n" || c == "\r" }

  private func isFieldEnd(_ c: Unicode.Scalar) -> Bool { c == "," || Self.isLineBreak(c) }

  /// The current place.
  private func location(length: Int) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column, length: length)
  }

  /// Scalars from `start` to the end of its line.
  private func restOfLine(from start: Int) -> Int {
    var end = start
    while end < scalars.count, !Self.isLineBreak(scalars[end]) { end += 1 }
    return end - start
  }

  /// Scalars from here to the next `,` or line break.
  private func lengthToFieldEnd() -> Int {
    var end = index
    while end < scalars.count, !isFieldEnd(scalars[end]) { end += 1 }
    return end - index
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
}

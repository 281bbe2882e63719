import Diagnostics
import Foundation
import ProjectFile
import Testing

@Suite("Batch data files: CSV, JSON and JSON Lines rows with their places")
struct DataTableTests {
  // MARK: CSV

  @Test("a plain CSV file gives named columns and numbered rows with their places")
  func plainCSV() throws {
    let table = try read("headline,price\nSale,9.90\nDeal,5\n")
    #expect(table.file == "ads.csv")
    #expect(table.columns.map(\.name) == ["headline", "price"])
    #expect(table.columns.map { place($0.location) } == ["1:1+8", "1:10+5"])
    #expect(table.rows.map(\.number) == [1, 2])
    #expect(table.rows.map { place($0.location) } == ["2:1+9", "3:1+6"])
    #expect(values(table) == [["headline=Sale", "price=9.90"], ["headline=Deal", "price=5"]])
    #expect(table.rows[1].cells.map { place($0.location) } == ["3:1+4", "3:6+1"])
  }

  @Test("quoted fields hold commas, doubled quotes and line breaks; the next row's line is right")
  func quotedFields() throws {
    let text = """
      headline,price,note
      "Sale, today",9.90,"say ""hi""
      and bye"
      Plain,1,x
      """
    let table = try read(text)
    #expect(table.rows.count == 2)
    let first = table.rows[0].cells
    #expect(first.map(\.value) == ["Sale, today", "9.90", "say \"hi\"\nand bye"])
    #expect(first.map { place($0.location) } == ["2:1+13", "2:15+4", "2:20+11"])
    #expect(place(table.rows[1].location) == "4:1+9")
    #expect(table.rows[1].cells.map { place($0.location) } == ["4:1+5", "4:7+1", "4:9+1"])
  }

  @Test("CRLF and lone CR end lines; a CRLF inside quotes is kept as written")
  func lineEnds() throws {
    let crlf = try read("a,b\r\n1,2\r\n\r\n3,4")
    #expect(values(crlf) == [["a=1", "b=2"], ["a=3", "b=4"]])
    #expect(crlf.rows.map { $0.location.line } == [2, 4])

    let cr = try read("a,b\r1,2\r3,4\r")
    #expect(values(cr) == [["a=1", "b=2"], ["a=3", "b=4"]])
    #expect(cr.rows.map { $0.location.line } == [2, 3])

    let inside = try read("a\r\n\"x\r\ny\"\r\nz\r\n")
    #expect(inside.rows.map { $0.cells[0].value.unicodeScalars.count } == [4, 1])
    #expect(inside.rows[0].cells[0].value.unicodeScalars.elementsEqual("x\r\ny".unicodeScalars))
    #expect(inside.rows.map { $0.location.line } == [2, 4])
  }

  @Test("a byte order mark and blank lines are skipped, and the final newline is optional")
  func bomAndBlankLines() throws {
    let table = try read("\u{FEFF}headline\n\nSale\n\n\nDeal")
    #expect(table.columns.map(\.name) == ["headline"])
    #expect(place(table.columns[0].location) == "1:1+8")
    #expect(table.rows.map(\.number) == [1, 2])
    #expect(table.rows.map { $0.location.line } == [3, 6])
    #expect(values(table) == [["headline=Sale"], ["headline=Deal"]])
  }

  @Test("header names are trimmed and located at the name; values are kept exactly")
  func trimming() throws {
    let table = try read("  headline , price\n Big sale ,  9\n")
    #expect(table.columns.map(\.name) == ["headline", "price"])
    #expect(table.columns.map { place($0.location) } == ["1:3+8", "1:14+5"])
    #expect(values(table) == [["headline= Big sale ", "price=  9"]])
  }

  @Test("empty fields are empty values, not missing ones")
  func emptyFields() throws {
    let table = try read("a,b,c\n,,\n\"\",x,\n")
    #expect(values(table) == [["a=", "b=", "c="], ["a=", "b=x", "c="]])
    #expect(table.rows[0].cells.map { place($0.location) } == ["2:1+1", "2:2+1", "2:3+1"])
  }

  @Test("an unclosed quote is reported at the opening quote, and nothing after it")
  func unclosedQuote() {
    let found = problems("a,b\n1,\"oops\n2,3\n")
    #expect(found.map(\.id) == ["bad-csv"])
    #expect(found.first?.message == "quoted field is never closed")
    #expect(place(found.first?.location) == "2:3+1")
  }

  @Test("a stray quote in an unquoted field is reported at the quote, once per field")
  func strayQuote() {
    let found = problems("a,b\n1,x\"y\"z\n")
    #expect(found.map(\.id) == ["bad-csv"])
    #expect(found.first?.message == "quote inside a field that does not start with one")
    #expect(place(found.first?.location) == "2:4+1")
    #expect(found.first?.help?.contains("\"say \"\"hi\"\"\"") == true)
  }

  @Test("text after a closing quote is reported where it starts; the row is not also ragged")
  func textAfterClosingQuote() {
    let found = problems("a,b\n1,\"x\"yz\n")
    #expect(found.map(\.id) == ["bad-csv"])
    #expect(found.first?.message == "text after the closing quote of a field")
    #expect(place(found.first?.location) == "2:6+2")
  }

  @Test("rows with more or fewer fields than the header are reported at the row")
  func raggedRows() {
    let found = problems("a,b,c\n1,2,3\n1,2,3,4\n\n1,2\n")
    #expect(found.map(\.id) == ["ragged-row", "ragged-row"])
    #expect(
      found.map(\.message) == [
        "row 2 has 4 fields; the header has 3", "row 3 has 2 fields; the header has 3",
      ])
    #expect(found.map { place($0.location) } == ["3:1+7", "5:1+3"])
    #expect(found.first?.notes.map { place($0.location) } == ["3:7+1"])
    #expect(found.first?.help?.contains("double quotes") == true)
    #expect(found.last?.notes.isEmpty == true)
  }

  @Test("header cells that are not variable names are reported with what a name may be")
  func badHeader() {
    let found = problems("first name, price,2x,\n1,2,3,4\n")
    #expect(found.map(\.id) == ["bad-column", "bad-column", "bad-column"])
    #expect(
      found.map(\.message) == [
        "column name 'first name' is not a variable name",
        "column name '2x' is not a variable name",
        "header cell 4 is empty",
      ])
    #expect(found.map { place($0.location) } == ["1:1+10", "1:19+2", "1:22+1"])
    #expect(found.first?.help?.contains("spaces around it are ignored") == true)
  }

  @Test("a column named twice is reported at the second, with a note at the first")
  func duplicateColumn() {
    let found = problems("price,headline, price\n1,2,3\n")
    #expect(found.map(\.id) == ["duplicate-column"])
    #expect(found.first?.message == "column 'price' is named twice in the header")
    #expect(place(found.first?.location) == "1:17+5")
    #expect(found.first?.notes.map { place($0.location) } == ["1:1+5"])
  }

  @Test("an empty file and a header without rows are errors")
  func emptyAndHeaderOnly() {
    for text in ["", "\u{FEFF}", "\n\r\n\n"] {
      let found = problems(text)
      #expect(found.map(\.id) == ["empty-data"], "\(Array(text.unicodeScalars))")
      #expect(found.first?.location == .wholeFile("ads.csv"))
    }
    let headerOnly = problems("a,b\n")
    #expect(headerOnly.map(\.id) == ["no-data-rows"])
    #expect(place(headerOnly.first?.location) == "1:1+3")
  }

  @Test("every CSV problem in a file is reported in one run, in file order")
  func allCSVProblemsAtOnce() {
    let found = problems("ok,bad name,ok\n1,2\n\"x\"y,2,3\n1,2,3\n4,5\"6,7\n")
    #expect(
      found.map(\.id) == [
        "bad-column", "duplicate-column", "ragged-row", "bad-csv", "bad-csv",
      ])
    #expect(found.map { $0.location?.line ?? 0 } == [1, 1, 2, 3, 5])
  }

  @Test("a CSV error prints with the file, line, column and a caret under the text")
  func printed() throws {
    let failure = try #require(failing("a,b\n1,\"x\"y\n"))
    let printer = DiagnosticPrinter(sources: failure.sources, useColor: false)
    #expect(
      printer.render(failure.diagnostics) == """
        ads.csv:2:6: error: text after the closing quote of a field [bad-csv]
         2 | 1,"x"y
           |      ^
          help: put the whole value inside the quotes, and write a quote inside them as '""'
        1 error

        """)
  }

  // MARK: JSON

  @Test("a JSON array of objects: literal numbers, booleans, null and missing keys")
  func jsonRows() throws {
    let text = """
      [
        {"headline": "Sale", "price": 9.90, "big": 1e3, "on": true},
        {"price": -0.5E+2, "headline": null, "extra": false, "zero": 0}
      ]
      """
    let table = try read(text, .json, file: "ads.json")
    #expect(table.columns.map(\.name) == ["headline", "price", "big", "on", "extra", "zero"])
    #expect(place(table.columns[0].location) == "2:4+10")
    #expect(place(table.columns[4].location) == "3:40+7")
    #expect(
      values(table) == [
        ["headline=Sale", "price=9.90", "big=1e3", "on=true"],
        ["price=-0.5E+2", "extra=false", "zero=0"],
      ])
    #expect(table.rows.map { place($0.location) } == ["2:3+1", "3:3+1"])
    #expect(
      table.rows[0].cells.map { place($0.location) } == ["2:16+6", "2:33+4", "2:46+3", "2:57+4"])
  }

  @Test("string escapes, \\u escapes and surrogate pairs are decoded; columns count scalars")
  func unicode() throws {
    let text = #"[{"t": "caf\u00e9 \ud83d\ude00 \"q\" \\ \/ a\tb\nc\u0041"}]"#
    let table = try read(text, .json, file: "ads.json")
    #expect(table.rows[0].cells[0].value == "caf\u{E9} \u{1F600} \"q\" \\ / a\tb\ncA")

    let wide = try read("[{\"a\": \"\u{E9}\u{1F600}\", \"b\": 1}]", .json, file: "ads.json")
    #expect(wide.rows[0].cells.map { place($0.location) } == ["1:8+4", "1:19+1"])
    #expect(wide.rows[0].cells[0].value == "\u{E9}\u{1F600}")
  }

  @Test("an array or object as a value is an error at the value naming row and column")
  func nestedValues() {
    let text = """
      [
        {"a": 1},
        {"a": 2, "price": {"x": 1}},
        {"tags": [1, 2]}
      ]
      """
    let found = problems(text, .json)
    #expect(found.map(\.id) == ["bad-value", "bad-value"])
    #expect(
      found.map(\.message) == [
        "row 2, column 'price': expected a string, number or boolean, found an object",
        "row 3, column 'tags': expected a string, number or boolean, found an array",
      ])
    #expect(found.map { place($0.location) } == ["3:21+1", "4:12+1"])
  }

  @Test("a key given twice in one object is an error with a note at the first")
  func duplicateKey() {
    let found = problems(#"[{"a": 1, "a": 2}]"#, .json)
    #expect(found.map(\.id) == ["duplicate-key"])
    #expect(found.first?.message == "row 1: key 'a' appears twice")
    #expect(place(found.first?.location) == "1:11+3")
    #expect(found.first?.notes.map { place($0.location) } == ["1:3+3"])
  }

  @Test("JSON syntax errors are located at the offending character", arguments: syntaxCases)
  func syntaxErrors(text: String, message: String, at expected: String) {
    let found = problems(text, .json)
    #expect(found.map(\.message) == [message], "\(text)")
    #expect(found.map { place($0.location) } == [expected], "\(text)")
  }

  static let syntaxCases: [(String, String, String)] = [
    (#"[{"a": 1 "b": 2}]"#, "expected ',' or '}' after a value", "1:10+1"),
    ("[\n  {\"a\": 2,}\n]", "expected a string key after ','", "2:11+1"),
    (#"[{"a": 1},]"#, "expected a value after ','", "1:11+1"),
    (#"[{"a": 012}]"#, "a number cannot start with 0 followed by more digits", "1:8+1"),
    (#"[{"a": 1.}]"#, "expected a digit after '.'", "1:10+1"),
    (#"[{"a": -}]"#, "expected a digit after '-'", "1:9+1"),
    (#"[{"a": 1e}]"#, "expected a digit in the exponent", "1:10+1"),
    (#"[{"a": tru}]"#, "expected a value, found 'tru'", "1:8+3"),
    (#"[{"a": 'x'}]"#, "expected a value", "1:8+1"),
    (#"[{"a" 1}]"#, "expected ':' after a key", "1:7+1"),
    (#"[{a: 1}]"#, "expected a string key or '}'", "1:3+1"),
    (#"[{"a": "abc"#, "string is never closed", "1:8+1"),
    ("[{\"a\": \"x\ny\"}]", "control character U+000A inside a string", "1:10+1"),
    (#"[{"a": "\q"}]"#, "unknown escape '\\q'", "1:9+2"),
    (#"[{"a": "\u12G4"}]"#, "expected four hexadecimal digits after '\\u'", "1:9+2"),
    (
      #"[{"a": "\ud83d x"}]"#, "'\\uD83D' is half of a surrogate pair without its other half",
      "1:9+6"
    ),
    (
      #"[{"a": "\ude00"}]"#, "'\\uDE00' is half of a surrogate pair without its other half", "1:9+6"
    ),
    (#"[{"a": 1}"#, "expected ',' or ']' after a value, but the file ends", "1:10+1"),
    ("[{\"a\": \"x\"}]\n x", "unexpected text after the top-level array", "2:2+1"),
    (#"{"a": 1}"#, "expected an array of objects at the top level, found an object", "1:1+1"),
    (#""a""#, "expected an array of objects at the top level", "1:1+1"),
    (#"[1, {"a": 1}]"#, "row 1: expected an object, found a number", "1:2+1"),
    ("[]", "data file has no rows", "1:1+1"),
  ]

  @Test("an empty JSON file, a key that is not a variable name, and rows before a syntax error")
  func jsonProblemsTogether() {
    let empty = problems(" \n\t", .json)
    #expect(empty.map(\.id) == ["empty-data"])

    let names = problems(#"[{"first name": 1}, {"first name": 2, "ok": 3}]"#, .json)
    #expect(names.map(\.id) == ["bad-column"])
    #expect(names.first?.message == "column name 'first name' is not a variable name")
    #expect(place(names.first?.location) == "1:3+12")

    let both = problems(#"[{"a": [1]}, {"b": 1,,}]"#, .json)
    #expect(both.map(\.id) == ["bad-value", "bad-json"])
    #expect(both.map { place($0.location) } == ["1:8+1", "1:22+1"])
  }

  // MARK: JSON Lines

  @Test("JSON Lines: one object per line, blank lines skipped, rows at their lines")
  func jsonLines() throws {
    let text = "{\"a\": 1}\n\n   \n{\"a\": 2, \"b\": \"x\"}\r\n  {\"b\": 3.50}"
    let table = try read(text, .jsonLines, file: "ads.jsonl")
    #expect(table.columns.map(\.name) == ["a", "b"])
    #expect(table.rows.map(\.number) == [1, 2, 3])
    #expect(table.rows.map { place($0.location) } == ["1:1+1", "4:1+1", "5:3+1"])
    #expect(values(table) == [["a=1"], ["a=2", "b=x"], ["b=3.50"]])
    #expect(place(table.rows[2].cells[0].location) == "5:9+4")
  }

  @Test("JSON Lines: each bad line is reported, and an object cannot span lines")
  func jsonLinesErrors() {
    let text = "{\"a\": 1\n{\"a\": 2,\n{\"a\": 3} {\"a\": 4}\n[1]\n{\"a\": 5}\n"
    let found = problems(text, .jsonLines)
    #expect(
      found.map(\.message) == [
        "expected ',' or '}' after a value, but the line ends",
        "expected a string key after ',', but the line ends",
        "expected the end of the line after the object",
        "row 4: expected an object, found an array",
      ])
    #expect(found.map { place($0.location) } == ["1:8+1", "2:9+1", "3:10+1", "4:1+1"])
  }

  // MARK: Formats, files and overrides

  @Test("the format comes from the file's extension")
  func formats() {
    #expect(DataFormat(path: "ads.csv") == .csv)
    #expect(DataFormat(path: "data/ADS.JSON") == .json)
    #expect(DataFormat(path: "ads.jsonl") == .jsonLines)
    #expect(DataFormat(path: "ads.ndjson") == .jsonLines)
    for path in ["ads.txt", "ads", "data.csv/ads", ".csv"] {
      #expect(DataFormat(path: path) == nil, "\(path)")
    }
  }

  @Test("a row's overrides name the file, row and column, and point at the cell")
  func overrides() throws {
    let table = try read("headline,price\nSale,9.90\nDeal,5\n", file: "data/ads.csv")
    #expect(
      table.rows[1].overrides(file: "ads.csv") == [
        VariableOverride(
          name: "headline", value: "Deal", origin: "ads.csv row 2, column 'headline'",
          source: Diagnostics.SourceLocation(file: "data/ads.csv", line: 3, column: 1, length: 4)),
        VariableOverride(
          name: "price", value: "5", origin: "ads.csv row 2, column 'price'",
          source: Diagnostics.SourceLocation(file: "data/ads.csv", line: 3, column: 6, length: 1)),
      ])
  }

  @Test("read(path:) reads a real file, and reports missing, unknown and non-UTF-8 files")
  func files() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chromake-data-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    let csv = folder.appendingPathComponent("ads.csv").path
    try Data([0xEF, 0xBB, 0xBF] + Array("headline,price\r\n\"A, B\",9.90\r\n".utf8))
      .write(to: URL(fileURLWithPath: csv))
    let table = try DataTableReader.read(path: csv).get()
    #expect(table.file == csv)
    #expect(values(table) == [["headline=A, B", "price=9.90"]])
    #expect(
      table.rows[0].cells[1].location
        == Diagnostics.SourceLocation(file: csv, line: 2, column: 8, length: 4))

    let jsonl = folder.appendingPathComponent("ads.ndjson").path
    try Data("{\"x\": true}\n".utf8).write(to: URL(fileURLWithPath: jsonl))
    #expect(try values(DataTableReader.read(path: jsonl).get()) == [["x=true"]])

    let missing = folder.appendingPathComponent("nothing.csv").path
    #expect(fileProblems(missing).map(\.message) == ["data file does not exist"])
    #expect(fileProblems(missing).first?.location == .wholeFile(missing))

    let text = folder.appendingPathComponent("ads.txt").path
    try Data("a\n1\n".utf8).write(to: URL(fileURLWithPath: text))
    let unknown = fileProblems(text)
    #expect(unknown.map(\.id) == ["unknown-data-format"])
    #expect(unknown.first?.message.contains("'ads.txt'") == true)
    #expect(unknown.first?.help?.contains(".jsonl") == true)

    let binary = folder.appendingPathComponent("bad.csv").path
    try Data([0x61, 0x0A, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: binary))
    #expect(fileProblems(binary).map(\.id) == ["not-utf8"])

    let folderAsFile = folder.appendingPathComponent("dir.json").path
    try FileManager.default.createDirectory(atPath: folderAsFile, withIntermediateDirectories: true)
    #expect(fileProblems(folderAsFile).map(\.message) == ["data file is a folder"])
  }

  // MARK: Helpers

  private func read(
    _ text: String, _ format: DataFormat = .csv, file: String = "ads.csv"
  ) throws -> DataTable {
    let result = DataTableReader.read(text: text, path: file, format: format)
    if case .failure(let failure) = result {
      Issue.record("unexpected problems: \(failure.diagnostics.map(\.message))")
    }
    return try result.get()
  }

  private func failing(_ text: String, _ format: DataFormat = .csv) -> DataTableError? {
    guard
      case .failure(let failure) = DataTableReader.read(text: text, path: "ads.csv", format: format)
    else {
      Issue.record("expected problems in \(text)")
      return nil
    }
    return failure
  }

  private func problems(_ text: String, _ format: DataFormat = .csv) -> [Diagnostic] {
    failing(text, format)?.diagnostics ?? []
  }

  private func fileProblems(_ path: String) -> [Diagnostic] {
    guard case .failure(let failure) = DataTableReader.read(path: path) else {
      Issue.record("expected problems reading \(path)")
      return []
    }
    return failure.diagnostics
  }

  /// `line:column+length`, short enough to compare many at once.
  private func place(_ location: Diagnostics.SourceLocation?) -> String {
    guard let location else { return "none" }
    return "\(location.line):\(location.column)+\(location.length)"
  }

  /// Each row as `column=value` texts.
  private func values(_ table: DataTable) -> [[String]] {
    table.rows.map { $0.cells.map { "\($0.column)=\($0.value)" } }
  }
}

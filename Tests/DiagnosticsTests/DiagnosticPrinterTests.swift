import Diagnostics
import Testing

@Suite("The diagnostic printer on hostile text")
struct DiagnosticPrinterTests {
  private func printed(_ line: String, column: Int, length: Int = 1, message: String = "m")
    -> String
  {
    let printer = DiagnosticPrinter(
      sources: SourceText(file: "p.yaml", text: "first\n\(line)\nlast\n"), useColor: false)
    return printer.render(
      .error(
        "x", message, at: SourceLocation(file: "p.yaml", line: 2, column: column, length: length)))
  }

  @Test("control characters in messages, notes, help and excerpts are shown as escapes")
  func escapes() {
    let printer = DiagnosticPrinter(
      sources: SourceText(file: "p.yaml", text: "name: \"a\u{1B}[2Jb\u{0}\"\n"), useColor: false)
    let text = printer.render(
      .error(
        "x", "bad '\u{1B}[31m'", at: SourceLocation(file: "p.yaml", line: 1, column: 7, length: 9),
        notes: [.init("note \u{7}")], help: "help \u{9B}"))
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(text.contains("bad '\\u{1B}[31m'"))
    #expect(text.contains("note \\u{7}"))
    #expect(text.contains("help \\u{9B}"))
    // The caret spans the escapes, so it still ends under the closing quote.
    #expect(text.contains(" 1 | name: \"a\\u{1B}[2Jb\\u{0}\"\n   |       ^~~~~~~~~~~~~~~~~~\n"))
  }

  @Test("bidirectional formatting characters in messages, notes and excerpts are escapes")
  func bidiEscapes() {
    let bidi: [Unicode.Scalar] = [
      "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
      "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
    ]
    let hostile = String(String.UnicodeScalarView(bidi))
    let printer = DiagnosticPrinter(
      sources: SourceText(file: "p.yaml", text: "name: \"a\(hostile)b\"\n"), useColor: false)
    let text = printer.render(
      .error(
        "x", "bad 'exe.\u{202E}fdp'", at: SourceLocation(file: "p.yaml", line: 1, column: 7),
        notes: [.init("note \u{2067}")], help: "help \u{200F}"))
    #expect(!text.unicodeScalars.contains { bidi.contains($0) }, "\(text)")
    #expect(text.contains("bad 'exe.\\u{202E}fdp'"))
    #expect(text.contains("note \\u{2067}"))
    #expect(text.contains("help \\u{200F}"))
    #expect(text.contains(" 1 | name: \"a\\u{202A}\\u{202B}"))
    // Right-to-left text itself is not a control: Hebrew and Arabic letters print as they are.
    #expect(DisplayText.escaped("שלום مرحبا") == "שלום مرحبا")
  }

  @Test("a long line is cut to a window around the caret, which still points at the value")
  func window() {
    let line = String(repeating: "x", count: 5_000) + "VALUE" + String(repeating: "y", count: 5_000)
    let text = printed(line, column: 5_001, length: 5)
    let excerpt = text.split(separator: "\n")[1]
    let caret = text.split(separator: "\n")[2]
    #expect(excerpt.count < DiagnosticPrinter.excerptWidth + 20)
    #expect(excerpt.hasPrefix(" 2 | …"))
    #expect(excerpt.hasSuffix("…"))
    let valueAt = excerpt.distance(
      from: excerpt.startIndex, to: excerpt.range(of: "VALUE")!.lowerBound)
    let caretAt = caret.distance(from: caret.startIndex, to: caret.firstIndex(of: "^")!)
    #expect(valueAt == caretAt)
    #expect(caret.hasSuffix("^~~~~"))
    // A short line is quoted whole.
    #expect(
      printed("key: value", column: 6, length: 5).contains(" 2 | key: value\n   |      ^~~~~\n"))
  }

  @Test("lines of a CRLF file are quoted without the carriage return")
  func crlf() {
    let printer = DiagnosticPrinter(
      sources: SourceText(file: "p.yaml", text: "a: 1\r\nb: 2\r\n"), useColor: false)
    let text = printer.render(
      .error("x", "m", at: SourceLocation(file: "p.yaml", line: 2, column: 4)))
    #expect(text.contains(" 2 | b: 2\n   |    ^\n"))
  }

  @Test("past 20 diagnostics with one id, a line counts the rest; the summary counts them all")
  func repeats() {
    let printer = DiagnosticPrinter(sources: SourceText(), useColor: false)
    let many = (0..<25).map { Diagnostic.error("same", "n\($0)", at: nil) }
    let other = Diagnostic.warning("other", "w", at: nil)
    let text = printer.render(many + [other])
    #expect(text.contains("n19"))
    #expect(!text.contains("n20"))
    #expect(text.contains("chromake: 5 more errors [same] not shown\n"))
    #expect(text.contains("chromake: warning: w [other]"))
    #expect(text.hasSuffix("25 errors, 1 warning\n"))
  }
}

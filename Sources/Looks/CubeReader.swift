public import Diagnostics

/// Reads Adobe's and Resolve's `.cube` 3D look-up tables (the format of Adobe's "Cube LUT
/// Specification" 1.0): `TITLE`, `LUT_3D_SIZE` (2 to 65), `DOMAIN_MIN` and `DOMAIN_MAX`,
/// comments (`#`), then `size`³ lines of three numbers. Every problem is reported at its line
/// and column in the file, as a subtitle file's are; a 1D table (`LUT_1D_SIZE`) is refused by
/// name.
public enum CubeReader {
  /// The sizes a table may have.
  public static let sizes = 2...65

  /// The most problems reported for one file.
  static let reportedProblems = 20

  /// Reads `text`, the contents of `file` (the name messages give it).
  public static func read(text: String, file: String) -> (lut: CubeLUT?, diagnostics: [Diagnostic])
  {
    var diagnostics: [Diagnostic] = []
    func problem(_ message: String, line: Int, column: Int = 1, length: Int = 1) {
      guard diagnostics.count < reportedProblems else { return }
      diagnostics.append(
        .error(
          "bad-lut", message,
          at: SourceLocation(file: file, line: line, column: column, length: length)))
    }
    var size: Int?
    var domainMin = SIMD3<Double>(0, 0, 0)
    var domainMax = SIMD3<Double>(1, 1, 1)
    var values: [Float] = []
    var expected = 0
    var lastLine = 0
    // Grading tools write Windows line ends and a UTF-8 byte-order mark. "\r\n" is one Swift
    // `Character`, so lines split on any of the three ends; the mark is dropped, not left
    // invisible in front of the first keyword.
    let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
    let lines = body.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    )
    for (index, raw) in lines.enumerated() {
      let line = index + 1
      let content =
        raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        .first ?? ""
      let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      guard let first = words.first else { continue }
      lastLine = line
      let column = content.distance(from: content.startIndex, to: first.startIndex) + 1
      if Double(first) != nil {
        guard let size else {
          problem("a table row comes before LUT_3D_SIZE", line: line, column: column)
          continue
        }
        guard values.count < expected * 3 else {
          problem(
            "more rows than a \(size)×\(size)×\(size) table holds (\(expected))", line: line,
            column: column)
          break
        }
        let numbers = words.map { Double($0) }
        guard words.count == 3, numbers.allSatisfy({ $0?.isFinite == true }) else {
          problem(
            "a table row is three numbers (red, green, blue), found '\(content.trimmingCharacters())'",
            line: line, column: column, length: content.count)
          continue
        }
        values += numbers.map { Float($0 ?? 0) }
        continue
      }
      let keyword = String(first)
      let arguments = words.dropFirst()
      switch keyword {
      case "TITLE":
        continue
      case "LUT_3D_SIZE":
        guard size == nil else {
          problem("LUT_3D_SIZE is given twice", line: line, column: column)
          continue
        }
        guard arguments.count == 1, let n = Int(arguments.first ?? ""), sizes.contains(n) else {
          problem(
            "LUT_3D_SIZE must be a whole number from 2 to 65, found '\(arguments.joined(separator: " "))'",
            line: line, column: column, length: content.count)
          continue
        }
        size = n
        expected = n * n * n
      case "LUT_1D_SIZE":
        problem(
          "this is a 1D table (LUT_1D_SIZE): chromake applies 3D tables (LUT_3D_SIZE)",
          line: line, column: column, length: keyword.count)
        return (nil, diagnostics)
      case "DOMAIN_MIN", "DOMAIN_MAX":
        let numbers = arguments.compactMap { Double($0) }.filter(\.isFinite)
        guard arguments.count == 3, numbers.count == 3 else {
          problem("\(keyword) is three numbers", line: line, column: column, length: content.count)
          continue
        }
        let value = SIMD3(numbers[0], numbers[1], numbers[2])
        if keyword == "DOMAIN_MIN" { domainMin = value } else { domainMax = value }
      default:
        problem(
          "unknown keyword '\(keyword)' (a .cube file has TITLE, LUT_3D_SIZE, DOMAIN_MIN, "
            + "DOMAIN_MAX and rows of three numbers)", line: line, column: column,
          length: keyword.count)
      }
    }
    guard let size else {
      if diagnostics.isEmpty {
        problem("no LUT_3D_SIZE: this is not a 3D .cube table", line: 1)
      }
      return (nil, diagnostics)
    }
    if !(0..<3).allSatisfy({ domainMin[$0] < domainMax[$0] }) {
      problem("DOMAIN_MIN must be below DOMAIN_MAX in every channel", line: 1)
    }
    if values.count / 3 < expected, diagnostics.isEmpty {
      problem(
        "the table has \(values.count / 3) row\(values.count == 3 ? "" : "s"); a "
          + "\(size)×\(size)×\(size) table has \(expected)",
        line: lastLine)
    }
    guard diagnostics.isEmpty else { return (nil, diagnostics) }
    return (CubeLUT(size: size, domainMin: domainMin, domainMax: domainMax, values: values), [])
  }
}

extension Substring {
  fileprivate func trimmingCharacters() -> String {
    String(
      drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        .reversed())
  }
}

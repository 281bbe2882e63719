public import Diagnostics
import Foundation

/// The kinds of batch data file, told apart by the file's extension.
public enum DataFormat: Sendable, Hashable {
  /// Comma-separated values with a header row (`.csv`).
  case csv
  /// A JSON array of objects (`.json`).
  case json
  /// One JSON object per line (`.jsonl`, `.ndjson`).
  case jsonLines

  /// The format named by `path`'s extension, in any letter case; `nil` when it names none.
  public init?(path: String) {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    switch name[name.index(after: dot)...].lowercased() {
    case "csv": self = .csv
    case "json": self = .json
    case "jsonl", "ndjson": self = .jsonLines
    default: return nil
    }
  }
}

/// Why a data file gave no table: every problem found in it, and its text for quoting them.
///
/// `Result` needs an `Error` for its failure, which a bare `[Diagnostic]` is not.
public struct DataTableError: Error, Sendable {
  /// Every problem found, in file order.
  public var diagnostics: [Diagnostic]
  /// The data file's text when it could be read, so a printer can quote the bad lines.
  public var sources: SourceText

  /// Creates the failure.
  public init(diagnostics: [Diagnostic], sources: SourceText = SourceText()) {
    self.diagnostics = diagnostics
    self.sources = sources
  }
}

/// Reads a batch data file into located rows, reporting every problem in it at once.
public enum DataTableReader {
  /// Reads the file at `path`, whose extension gives its format.
  public static func read(path: String) -> Result<DataTable, DataTableError> {
    var problems: [Diagnostic] = []
    let format = DataFormat(path: path)
    if format == nil {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      problems.append(
        .error(
          "unknown-data-format", "cannot tell the format of data file '\(name)' from its name",
          at: .wholeFile(path),
          help: "name it .csv (with a header row), .json (an array of objects) "
            + "or .jsonl/.ndjson (one object per line)"))
    }
    let data: [UInt8]
    switch ProjectFileBytes.contents(of: path, limit: ProjectLimits.dataBytes, what: "data file") {
    case .success(let bytes):
      data = bytes
    case .failure(let problem):
      problems.append(
        .error(
          problem.isTooLarge ? "data-too-large" : "unreadable-data", problem.message,
          at: .wholeFile(path)))
      return .failure(DataTableError(diagnostics: problems))
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      problems.append(.error("not-utf8", "data file is not UTF-8 text", at: .wholeFile(path)))
      return .failure(DataTableError(diagnostics: problems))
    }
    guard let format else { return .failure(DataTableError(diagnostics: problems)) }
    return read(text: text, path: path, format: format)
  }

  /// Reads `text` as a data file of `format`, as if from `path`.
  public static func read(
    text: String, path: String, format: DataFormat
  ) -> Result<DataTable, DataTableError> {
    let (table, diagnostics) =
      switch format {
      case .csv: CSVReader.read(text: text, file: path)
      case .json: JSONRowsReader.read(text: text, file: path, oneObjectPerLine: false)
      case .jsonLines: JSONRowsReader.read(text: text, file: path, oneObjectPerLine: true)
      }
    guard diagnostics.isEmpty else {
      var sources = SourceText()
      sources.add(file: path, text: text)
      return .failure(DataTableError(diagnostics: diagnostics.sortedByLocation(), sources: sources))
    }
    return .success(table)
  }
}

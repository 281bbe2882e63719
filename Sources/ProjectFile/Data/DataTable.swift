public import Diagnostics

/// The rows of a batch data file (`chromake batch PROJECT --data FILE`), each cell keeping the
/// line and column it was written at, so that a value that breaks the project while rendering
/// variant 40 can still be pointed at in the data file.
public struct DataTable: Sendable {
  /// The data file's path as given, as in every location below.
  public var file: String
  /// The columns in the order they first appear; each names a variable.
  public var columns: [DataColumn]
  /// The data rows, header excluded, in file order.
  public var rows: [DataRow]
  /// The file's text as it was read, for quoting rows in messages without reading it again.
  public var text: String

  /// Creates a table read from `text`.
  public init(file: String, columns: [DataColumn], rows: [DataRow], text: String) {
    self.file = file
    self.columns = columns
    self.rows = rows
    self.text = text
  }
}

/// One column of a data file: the variable it sets.
public struct DataColumn: Sendable, Hashable {
  /// The variable's name, without surrounding spaces.
  public var name: String
  /// Where the column is named: its CSV header cell, or the first occurrence of the JSON key.
  public var location: SourceLocation

  /// Creates a column.
  public init(name: String, location: SourceLocation) {
    self.name = name
    self.location = location
  }
}

/// One data row: the variable values for one rendered variant.
public struct DataRow: Sendable {
  /// 1-based among the data rows (a CSV header is not counted), as messages say "row 3".
  public var number: Int
  /// Where the row starts.
  public var location: SourceLocation
  /// The values the row sets, in column order. A JSON row leaves out a `null` or missing key,
  /// so the project's default stays in force.
  public var cells: [DataCell]

  /// Creates a row.
  public init(number: Int, location: SourceLocation, cells: [DataCell]) {
    self.number = number
    self.location = location
    self.cells = cells
  }

  /// The row as `{{variable}}` overrides, each saying which cell it came from so that a message
  /// about a substituted value can name, for example, `ads.csv row 3, column 'price'`.
  /// `displayName` is how the file is named in that text.
  public func overrides(file displayName: String) -> [VariableOverride] {
    cells.map { cell in
      VariableOverride(
        name: cell.column, value: cell.value,
        origin: "\(displayName) row \(number), column '\(cell.column)'", source: cell.location)
    }
  }
}

/// One value in a data row.
public struct DataCell: Sendable, Hashable {
  /// The column's (the variable's) name.
  public var column: String
  /// The value exactly as written: CSV text untrimmed, a JSON number by its literal text,
  /// a JSON boolean as `true` or `false`.
  public var value: String
  /// Where the cell starts (a quoted CSV field or JSON string at its opening quote).
  public var location: SourceLocation

  /// Creates a cell.
  public init(column: String, value: String, location: SourceLocation) {
    self.column = column
    self.value = value
    self.location = location
  }
}

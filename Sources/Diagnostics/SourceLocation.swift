/// A place in a file the user wrote: 1-based line and column, and how many columns to underline.
///
/// Columns count Unicode scalars, as libyaml (and so Yams) does.
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// The file's path as the user named it (relative paths stay relative, as compilers print them).
  public var file: String
  /// 1-based line; 0 when the problem concerns the whole file.
  public var line: Int
  /// 1-based column; 0 when the problem concerns the whole file or line.
  public var column: Int
  /// Columns to underline under the value; at least 1.
  public var length: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int, length: Int = 1) {
    self.file = file
    self.line = line
    self.column = column
    self.length = max(1, length)
  }

  /// A location for the file as a whole.
  public static func wholeFile(_ file: String) -> SourceLocation {
    SourceLocation(file: file, line: 0, column: 0)
  }

  /// `path:line:col`, or just `path` for a whole-file location.
  public var description: String {
    line == 0 ? file : "\(file):\(line):\(column)"
  }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    (a.file, a.line, a.column) < (b.file, b.line, b.column)
  }

  /// A location `offset` columns further along the same line.
  public func shifted(by offset: Int, length: Int) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column + offset, length: length)
  }
}

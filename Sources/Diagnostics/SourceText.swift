import Foundation

/// The text of the files diagnostics point into, so the printer can quote the offending line.
public struct SourceText: Sendable {
  private var files: [String: [Substring]] = [:]

  /// Creates an empty collection.
  public init() {}

  /// Records `text` as the contents of `file`.
  public mutating func add(file: String, text: String) {
    files[file] = text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// The 1-based line `line` of `file` without its line ending, or `nil` when unknown.
  public func line(_ line: Int, of file: String) -> String? {
    guard let lines = files[file], line >= 1, line <= lines.count else { return nil }
    var text = lines[line - 1]
    if text.hasSuffix("\r") { text = text.dropLast() }
    return String(text)
  }
}

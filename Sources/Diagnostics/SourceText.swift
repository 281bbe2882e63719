import Foundation

/// The text of the files diagnostics point into, so the printer can quote the offending line.
public struct SourceText: Sendable {
  private var files: [String: [Substring]] = [:]

  /// Creates an empty collection.
  public init() {}

  /// A collection holding one file's text.
  public init(file: String, text: String) {
    add(file: file, text: text)
  }

  /// Records `text` as the contents of `file`.
  public mutating func add(file: String, text: String) {
    // Split on the scalar: in Swift's Characters "\r\n" is one, so a CRLF file would not split.
    files[file] = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { Substring($0) }
  }

  /// Adds every file `other` holds (a child project's texts to its parent's).
  public mutating func merge(_ other: SourceText) {
    files.merge(other.files) { _, new in new }
  }

  /// The names of the files held, sorted: every file the diagnostics may point into.
  public var fileNames: [String] { files.keys.sorted() }

  /// The 1-based line `line` of `file` without its line ending, or `nil` when unknown.
  public func line(_ line: Int, of file: String) -> String? {
    guard let lines = files[file], line >= 1, line <= lines.count else { return nil }
    var text = lines[line - 1]
    if text.hasSuffix("\r") { text = text.dropLast() }
    return String(text)
  }
}

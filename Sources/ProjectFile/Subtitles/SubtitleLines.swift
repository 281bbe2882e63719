import Diagnostics

/// A subtitle file's lines, split at CRLF, LF or a lone CR (WebVTT allows all three), with
/// what the readers ask of them.
struct SubtitleLines {
  let file: String
  let lines: [Substring]
  /// Whether a line of spaces is blank. SubRip editors leave such lines between cues; in
  /// WebVTT only an empty line ends a block, and YouTube's files start cues with a space.
  var spacesAreBlank = true

  init(file: String, text: String) {
    self.file = file
    var lines: [Substring] = []
    var current = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      if scalar == "\r" || scalar == "\n" {
        lines.append(Substring(String(current)))
        current = String.UnicodeScalarView()
        if scalar == "\r", pending == "\n" { pending = scalars.next() }
      } else {
        current.append(scalar)
      }
    }
    // A file ending in a line break has no line after it.
    if !current.isEmpty { lines.append(Substring(String(current))) }
    self.lines = lines
  }

  var count: Int { lines.count }

  subscript(index: Int) -> Substring { lines[index] }

  /// Whether line `index` is blank: empty, or (where `spacesAreBlank`) only spaces and tabs.
  func isBlank(_ index: Int) -> Bool {
    spacesAreBlank
      ? lines[index].unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" }
      : lines[index].isEmpty
  }

  /// The first line at or after `index` that is not blank.
  func skipBlank(from index: Int) -> Int {
    var i = index
    while i < count, isBlank(i) { i += 1 }
    return i
  }

  /// The first blank line at or after `index` (or the end): where a block ends.
  func blockEnd(from index: Int) -> Int {
    var i = index
    while i < count, !isBlank(i) { i += 1 }
    return i
  }

  /// The location of line `index` (0-based), at `column`, `length` scalars long (at least 1);
  /// the whole line's length when `length` is nil.
  func location(line index: Int, column: Int = 1, length: Int? = nil) -> SourceLocation {
    let width = length ?? (index < count ? lines[index].unicodeScalars.count : 1)
    return SourceLocation(file: file, line: index + 1, column: column, length: max(1, width))
  }
}

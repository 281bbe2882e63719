/// One source line as a diagnostic quotes it: control characters escaped, tabs as one space,
/// and a line longer than `width` columns cut to a window around the caret, with `…` where
/// text was left out. The caret is placed in the shown text's columns.
struct Excerpt {
  /// The line as printed.
  var text: String
  /// Where the caret starts (0-based, in printed columns) and how many columns it covers;
  /// `nil` when the location has no column.
  var caret: (start: Int, width: Int)?

  init(line: String, column: Int, length: Int, width: Int) {
    // Each source column (a Unicode scalar, as libyaml counts) becomes one or more shown ones.
    var shown: [String.UnicodeScalarView] = line.unicodeScalars.map(DisplayText.shown)
    let caretColumn = column >= 1 ? min(column - 1, shown.count) : nil
    // A caret just past the end of the line (a missing value) still needs a place to sit.
    if let caretColumn, caretColumn == shown.count { shown.append(" ".unicodeScalars) }
    let caretLength = caretColumn.map { max(1, min(length, shown.count - $0)) } ?? 0

    var first = 0
    let total = shown.reduce(0) { $0 + $1.count }
    if total > width, let caretColumn, caretColumn > width * 2 / 3 {
      // Keep the caret's start in view, a third of the way in, and as much of the value as fits.
      first = caretColumn - width / 3
    }
    var last = first
    var used = 0
    while last < shown.count, used + shown[last].count <= width {
      used += shown[last].count
      last += 1
    }
    if let caretColumn, last <= caretColumn { last = min(shown.count, caretColumn + 1) }
    func columns(_ range: Range<Int>) -> Int { shown[range].reduce(0) { $0 + $1.count } }

    let lead = first > 0 ? "…" : ""
    let tail = last < shown.count ? "…" : ""
    var body = String.UnicodeScalarView()
    for piece in shown[first..<last] { body.append(contentsOf: piece) }
    text = lead + String(body) + tail
    // The space added for a caret past the end is a place to point at, not text to print.
    if caretColumn == line.unicodeScalars.count, tail.isEmpty, text.hasSuffix(" ") {
      text.removeLast()
    }
    if let caretColumn {
      let start = lead.count + columns(first..<caretColumn)
      let end = min(caretColumn + caretLength, last)
      caret = (start, max(1, columns(caretColumn..<max(caretColumn, end))))
    } else {
      caret = nil
    }
  }
}

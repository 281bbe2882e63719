import Diagnostics
import Yams

/// State shared while one project file is read: its text (to place carets exactly), the
/// variables, and the diagnostics found so far.
final class ReadContext {
  let file: String
  let lines: [Substring]
  /// Lines as arrays of scalars, made when first needed: a file written on one long line (ten
  /// thousand flow-style keyframes) would otherwise be walked from its start, or counted
  /// again, for every value on it.
  private var lineScalars: [Int: [Unicode.Scalar]] = [:]
  var variables: VariableTable
  /// Whether a path built from a variable may lead outside the project's folder.
  var allowOutsideRoot = false
  /// The folder a path built from data (`--set`, a data cell) must stay in, when it is not the
  /// project's own: a child project's data paths are held to the root project's folder, the
  /// one the user rendered, so a bumper in `bumpers/` may name `../media/logo-{{brand}}.png`.
  var dataRoot: String?
  private(set) var diagnostics: [Diagnostic] = []
  /// Placeholders met so far, against `ProjectLimits.placeholders`.
  var placeholderCount = 0
  /// Whether the placeholder limit was reported already: it is one problem, however many
  /// values lie past it.
  var reportedPlaceholderLimit = false
  /// The pixels of the text pictures read so far, against `ProjectLimits.textPicturePixels`,
  /// and whether crossing it was reported (once: the layers after it cross it too).
  var textPicturePixels = 0
  var reportedTextPictureBudget = false
  /// Names of layers, items and tracks whose `when` is false, where they are written: another
  /// may still name them (a duck under a voice-over that this row leaves out simply never
  /// ducks), and no other may take them (or a row that shows it would find a clash).
  var leftOutNames: [Located<String>] = []
  /// The engines declared under `engines:`, read before the audio tracks that name them.
  var engineNames: [String] = []
  /// The text of each subtitle file read, by the name messages give it, for quoting.
  var subtitleTexts: [String: String] = [:]
  /// Transcripts read so far, by resolved path: two layers showing one file (two caption
  /// styles at once) read it once, and its warnings are said once.
  var transcripts: [String: WordTranscriptRead] = [:]
  /// Times written as references to other things (`voice.end + 300ms`), by their field's
  /// location.
  var timeReferences: [SourceLocation: TimeReferenceSpec] = [:]

  init(file: String, text: String, variables: VariableTable) {
    self.file = file
    // Split on the scalar: in Swift's Characters "\r\n" is one, so a CRLF file would not split.
    self.lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
      Substring($0.last == "\r" ? $0.dropLast() : $0)
    }
    self.variables = variables
  }

  /// The scalars of 1-based `line`, which must exist.
  func scalars(ofLine line: Int) -> [Unicode.Scalar] {
    if let cached = lineScalars[line] { return cached }
    let scalars = Array(lines[line - 1].unicodeScalars)
    lineScalars[line] = scalars
    return scalars
  }

  func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

  func error(
    _ id: String, _ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = [],
    help: String? = nil
  ) {
    report(.error(id, message, at: location, notes: notes, help: help))
  }

  /// Where a node starts, underlining as much of it as sits on its first line.
  func location(of node: Node) -> SourceLocation {
    guard let mark = node.mark else { return .wholeFile(file) }
    var length = 1
    if case .scalar(let scalar) = node {
      length = scalarWidth(scalar, line: mark.line, column: mark.column)
    }
    return SourceLocation(file: file, line: mark.line, column: mark.column, length: length)
  }

  /// The columns a scalar covers on its first line: its text, plus quotes when quoted.
  private func scalarWidth(_ scalar: Node.Scalar, line: Int, column: Int) -> Int {
    let quotes = (scalar.style == .singleQuoted || scalar.style == .doubleQuoted) ? 2 : 0
    let firstLine = scalar.string.split(separator: "\n", omittingEmptySubsequences: false).first
    var width = (firstLine.map { $0.unicodeScalars.count } ?? 0) + quotes
    if line >= 1, line <= lines.count {
      let remaining = scalars(ofLine: line).count - (column - 1)
      width = min(width, max(1, remaining))
    }
    return max(1, width)
  }

  /// The column of `text` on `line`, searching from `column`, or `nil` when it is not there
  /// (a multi-line scalar, or escapes that make the source differ from the value).
  func column(of text: String, line: Int, from column: Int, occurrence: Int) -> Int? {
    guard line >= 1, line <= lines.count else { return nil }
    let source = scalars(ofLine: line)
    let needle = Array(text.unicodeScalars)
    guard !needle.isEmpty else { return nil }
    var seen = 0
    var i = max(0, column - 1)
    while i + needle.count <= source.count {
      if source[i..<(i + needle.count)].elementsEqual(needle) {
        if seen == occurrence { return i + 1 }
        seen += 1
        i += needle.count
      } else {
        i += 1
      }
    }
    return nil
  }
}

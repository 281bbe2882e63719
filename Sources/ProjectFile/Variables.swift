public import Diagnostics

/// The `{{name}}` values in force while a project is read, and where each came from.
public struct VariableTable: Sendable {
  /// One variable's value and origin.
  public struct Entry: Sendable {
    /// The text substituted for `{{name}}`.
    public var value: String
    /// Where the variable is declared under `variables:`, or `nil` when it is not.
    public var location: SourceLocation?
    /// `"variables"`, `"--set"`, or a data row such as `ads.csv row 3, column 'price'`.
    public var origin: String
    /// Where the value itself was written when not in the project: a data file's cell.
    public var source: SourceLocation?
    /// Whether the value is data (see `VariableOverride.isData`).
    public var isData = true
  }

  /// Entries by name.
  public private(set) var entries: [String: Entry] = [:]
  /// Names some placeholder asked for.
  public private(set) var used: Set<String> = []

  /// Creates an empty table.
  public init() {}

  /// Adds or replaces a variable.
  public mutating func set(_ name: String, _ entry: Entry) { entries[name] = entry }

  /// The entry for `name`, remembering it was used.
  mutating func lookUp(_ name: String) -> Entry? {
    used.insert(name)
    return entries[name]
  }

  /// Whether `name` is a legal variable name: a letter or `_`, then letters, digits or `_`.
  public static func isValidName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, isLetter(first) || first == "_" else {
      return false
    }
    return name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "_" }
  }

  private static func isLetter(_ c: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(c) || ("A"..."Z").contains(c)
  }
}

/// A value given for a variable from outside the project file: `--set name=value` or a cell
/// of a batch data row.
public struct VariableOverride: Sendable, Hashable {
  /// The variable's name.
  public var name: String
  /// Its value.
  public var value: String
  /// `"--set"`, or a data row such as `ads.csv row 3, column 'price'`, for messages.
  public var origin: String
  /// The data file's cell, when the value came from one.
  public var source: SourceLocation?
  /// Whether the value is data, which the path rules keep inside the project's folder: a
  /// `--set` or data cell is; a value a parent project's author wrote as it is, for a child
  /// project's variable, is not (it is the parent file's own text).
  public var isData: Bool

  /// An override; `origin` defaults to the command line.
  public init(
    name: String, value: String, origin: String = "--set", source: SourceLocation? = nil,
    isData: Bool = true
  ) {
    self.name = name
    self.value = value
    self.origin = origin
    self.source = source
    self.isData = isData
  }
}

/// One variable substituted into a value: which, with what, and where that came from, so a
/// message about the value can say how it was made.
public struct Substitution: Sendable, Hashable {
  /// The variable's name.
  public var name: String
  /// The text it was replaced by.
  public var value: String
  /// `"variables"`, `"--set"` or a data row.
  public var origin: String
  /// Where the value was written: a data file's cell, or the `variables:` entry.
  public var source: SourceLocation?
  /// Whether the value is data (see `VariableOverride.isData`).
  public var isData = true

  /// The note that explains the substitution.
  public var note: Diagnostic.Note {
    let from = origin == "variables" ? "" : " (from \(origin))"
    return .init("'{{\(name)}}' was replaced by '\(value)'\(from)", at: source)
  }
}

/// One `{{name}}` found in a scalar.
struct Placeholder {
  /// The variable's name, trimmed.
  var name: String
  /// Offset of `{{` from the scalar's first character, in Unicode scalars.
  var offset: Int
  /// Length of `{{ name }}`, in Unicode scalars.
  var length: Int
  /// The exact text, `{{ name }}`.
  var text: String
}

/// Finds placeholders in a string value.
enum PlaceholderScanner {
  enum Failure: Error {
    /// `{{` with no `}}` after it, at this offset.
    case unclosed(offset: Int)
    /// `{{…}}` whose inside is not a variable name.
    case badName(Placeholder)
  }

  /// Every `{{name}}` in `text`, left to right.
  static func scan(_ text: String) -> Result<[Placeholder], Failure> {
    let scalars = Array(text.unicodeScalars)
    var found: [Placeholder] = []
    var i = 0
    while i + 1 < scalars.count {
      guard scalars[i] == "{", scalars[i + 1] == "{" else {
        i += 1
        continue
      }
      var j = i + 2
      while j + 1 < scalars.count, !(scalars[j] == "}" && scalars[j + 1] == "}") { j += 1 }
      guard j + 1 < scalars.count else { return .failure(.unclosed(offset: i)) }
      var inner = String(String.UnicodeScalarView(scalars[(i + 2)..<j]))
      inner = String(inner.trimmingWhitespace())
      let whole = String(String.UnicodeScalarView(scalars[i..<(j + 2)]))
      let placeholder = Placeholder(name: inner, offset: i, length: j + 2 - i, text: whole)
      guard VariableTable.isValidName(inner) else { return .failure(.badName(placeholder)) }
      found.append(placeholder)
      i = j + 2
    }
    return .success(found)
  }
}

extension StringProtocol where SubSequence == Substring {
  /// The text without leading and trailing whitespace.
  func trimmingWhitespace() -> Substring {
    var s = self[...]
    while s.first?.isWhitespace == true { s = s.dropFirst() }
    while s.last?.isWhitespace == true { s = s.dropLast() }
    return s
  }
}

extension String {
  /// The string of `scalars`, built in one pass.
  init(scalars: [Unicode.Scalar]) {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    self.init(view)
  }
}

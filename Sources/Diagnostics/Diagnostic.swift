/// How serious a diagnostic is.
public enum Severity: String, Sendable, Codable, Comparable {
  case error
  case warning
  case note

  private var rank: Int {
    switch self {
    case .error: 0
    case .warning: 1
    case .note: 2
    }
  }

  public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One problem found in a project, as data: printing is the printer's job.
///
/// `id` is stable across releases (scripts and docs may refer to it), kebab-case, and printed
/// after the message as `[id]`.
public struct Diagnostic: Sendable, Equatable, Codable {
  /// Extra information attached to a diagnostic, optionally pointing somewhere else.
  public struct Note: Sendable, Equatable, Codable {
    /// The note's text.
    public var message: String
    /// Where the note points, if anywhere.
    public var location: SourceLocation?

    /// Creates a note.
    public init(_ message: String, at location: SourceLocation? = nil) {
      self.message = message
      self.location = location
    }
  }

  /// Error, warning or note.
  public var severity: Severity
  /// Stable identifier such as `unknown-key`.
  public var id: String
  /// One sentence, lower-case start, no trailing full stop.
  public var message: String
  /// Where the problem is; `nil` for problems with no place in a file.
  public var location: SourceLocation?
  /// Further facts that explain the problem.
  public var notes: [Note]
  /// What to do about it, when that can be said.
  public var help: String?

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, id: String, _ message: String, at location: SourceLocation?,
    notes: [Note] = [], help: String? = nil
  ) {
    self.severity = severity
    self.id = id
    self.message = message
    self.location = location
    self.notes = notes
    self.help = help
  }

  /// The diagnostic with `note` after its own notes.
  public func adding(_ note: Note) -> Diagnostic {
    var diagnostic = self
    diagnostic.notes.append(note)
    return diagnostic
  }

  /// An error.
  public static func error(
    _ id: String, _ message: String, at location: SourceLocation?, notes: [Note] = [],
    help: String? = nil
  ) -> Diagnostic {
    Diagnostic(.error, id: id, message, at: location, notes: notes, help: help)
  }

  /// A warning.
  public static func warning(
    _ id: String, _ message: String, at location: SourceLocation?, notes: [Note] = [],
    help: String? = nil
  ) -> Diagnostic {
    Diagnostic(.warning, id: id, message, at: location, notes: notes, help: help)
  }
}

extension Array where Element == Diagnostic {
  /// True when any diagnostic is an error.
  public var hasErrors: Bool { contains { $0.severity == .error } }

  /// Sorted by file, line and column (diagnostics without a place first), keeping the order of
  /// equal places, so that output reads top to bottom like the file.
  public func sortedByLocation() -> [Diagnostic] {
    enumerated().sorted { a, b in
      switch (a.element.location, b.element.location) {
      case (nil, nil): return a.offset < b.offset
      case (nil, _): return true
      case (_, nil): return false
      case (let x?, let y?): return x == y ? a.offset < b.offset : x < y
      }
    }.map(\.element)
  }
}

public import Diagnostics

/// One value the project file sets, by its path in the document, after `{{name}}` substitution:
/// what `render --explain` compares with the last render's to say which field changed, and on
/// which line.
public struct ProjectField: Sendable, Hashable {
  /// Where the value sits: `output.fps`, `layers[presenter].key.similarity`, `audio[1].gain`
  /// (a list entry by its `name` when it has one, else by its 0-based position).
  public var path: String
  /// The value as text; a list of plain values reads `[a, b, c]`.
  public var value: String
  /// Where it is written.
  public var location: SourceLocation

  /// A field at `path` whose value is `value`, written at `location`.
  public init(path: String, value: String, location: SourceLocation) {
    self.path = path
    self.value = value
    self.location = location
  }
}

public import Diagnostics

/// A value together with the place in the project file it came from.
///
/// A value the user did not write (a default) carries the location of the mapping it would
/// have been written in, so that a message about it still points somewhere useful.
public struct Located<Value: Sendable>: Sendable {
  /// The value.
  public var value: Value
  /// Where it was written.
  public var location: SourceLocation
  /// The `{{variables}}` substituted into the text the value was read from, in order.
  public var substitutions: [Substitution] = []
  /// The text as written, placeholders and all, before substitution; set only when
  /// substitutions were made. Rules about what a variable may change need it: in
  /// `out/{{name}}.mp4` the folder `out/` was written by the author, the rest came from data.
  public var template: String?

  /// Pairs a value with its location.
  public init(_ value: Value, at location: SourceLocation) {
    self.value = value
    self.location = location
  }

  /// Notes saying which variables made this value, for messages about it.
  public var substitutionNotes: [Diagnostic.Note] { substitutions.map(\.note) }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}

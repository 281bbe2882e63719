public import Diagnostics
public import Timeline

/// A time written as a reference to another thing of the project (`voice.end + 300ms`), as
/// read: the planner resolves it (docs/ARCHITECTURE.md, "Voice and words").
///
/// The field it was written in holds zero until then; `ProjectSpec.timeReferences` finds this
/// by that field's location.
public struct TimeReferenceSpec: Sendable {
  /// What was written, after `{{variables}}`, without surrounding whitespace.
  public var text: String
  /// The name, the part and the plain times added or taken away.
  public var expression: TimeExpression
  /// The field's location.
  public var location: SourceLocation
  /// The name's location inside the field, where it can be found on the line (else the
  /// field's).
  public var nameLocation: SourceLocation
  /// The `{{variables}}` that made the text, for notes.
  public var substitutionNotes: [Diagnostic.Note]

  /// A reference as read.
  public init(
    text: String, expression: TimeExpression, location: SourceLocation,
    nameLocation: SourceLocation, substitutionNotes: [Diagnostic.Note] = []
  ) {
    self.text = text
    self.expression = expression
    self.location = location
    self.nameLocation = nameLocation
    self.substitutionNotes = substitutionNotes
  }
}

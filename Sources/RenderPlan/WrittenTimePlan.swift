public import Timeline

/// A time the project wrote as a reference to another thing (`voice.end + 300ms`), beside what
/// it resolved to, for people reading the plan: the plan itself uses only the resolved time.
public struct WrittenTimePlan: Codable, Sendable, Equatable {
  /// The field, as messages name it: `layer 'card' start`.
  public var field: String
  /// Where it is written.
  public var location: PlanLocation
  /// What was written (after `{{variables}}`).
  public var written: String
  /// What it resolved to, exactly.
  public var seconds: Rational

  /// Each property as given.
  public init(field: String, location: PlanLocation, written: String, seconds: Rational) {
    self.field = field
    self.location = location
    self.written = written
    self.seconds = seconds
  }
}

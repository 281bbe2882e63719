/// The font family a description asked for, and the one fontconfig actually chose.
public struct FontMatch: Sendable, Equatable {
  /// The first family of the description as written; empty when it names none.
  public var requested: String
  /// The family of the font Pango loads for the description; empty only if no font at all
  /// could be loaded.
  public var resolved: String
  /// The font is the one asked for: a family in the description is installed, or the
  /// description names a generic family (`sans`, `serif`, `monospace` …) or none, which any
  /// installed font satisfies. False means fontconfig substituted another family.
  public var isExact: Bool

  /// A match from its parts.
  public init(requested: String, resolved: String, isExact: Bool) {
    self.requested = requested
    self.resolved = resolved
    self.isExact = isExact
  }
}

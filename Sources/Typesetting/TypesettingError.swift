/// A failure while typesetting: the call that failed and why.
public struct TypesettingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The call that failed: a Cairo or Pango function such as `cairo_image_surface_create`, or
  /// `Typesetter.render` or `Typesetter.fit` for arguments rejected before any C code sees them.
  public var function: String
  /// Why, in words: Cairo's status message, or the rule an argument broke.
  public var reason: String

  /// An error naming `function` and saying `reason`.
  public init(function: String, reason: String) {
    self.function = function
    self.reason = reason
  }

  public var description: String { "\(function) failed: \(reason)" }
}

/// The transitions a sequence offers between two items, by the name a project file writes.
public enum TransitionKind: String, Sendable, Codable, CaseIterable {
  /// The outgoing picture fades into the incoming one.
  case crossfade
  /// Through a colour: the outgoing picture to the colour, then the colour to the incoming.
  case dip
  /// A straight edge crosses the frame, the incoming picture behind it.
  case wipe
  /// The incoming picture moves in over the outgoing one, which stays.
  case slide
  /// The incoming picture moves in and pushes the outgoing one out.
  case push
  /// A greyscale pattern decides where the incoming picture shows first (black first).
  case luma

  /// The keys a transition entry of this kind may have besides `transition`, `duration` and
  /// `ease` (its descriptor's).
  public var ownKeys: [String] { descriptor.ownKeys }
}

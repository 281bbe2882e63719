/// One transition style, described once (README.md, "Sequences and transitions"): its name,
/// the keys it takes besides `transition`, `duration` and `ease`, with their types, ranges and
/// defaults, and its help. The sequence reader takes its keys, ranges and defaults from here,
/// and a test holds the JSON Schema to the descriptors.
public struct TransitionDescriptor: Sendable {
  public var kind: TransitionKind
  /// The keys of its own, each one of `parameters`.
  public var ownKeys: [String]
  /// One sentence for people.
  public var help: String

  /// Every key a transition may have besides `transition`, `duration` and `ease`, each
  /// described once, in the order messages list them.
  public static let parameters: [EffectParameter] = [direction, softness, color, pattern]

  public static let direction = EffectParameter(
    "direction", .choice(TransitionDirection.allCases.map(\.rawValue)),
    default: .text(TransitionDirection.left.rawValue),
    help: "which way a wipe's edge, a slide or a push travels")
  public static let softness = EffectParameter(
    "softness", .number, range: 0...1, default: .number(0),
    help: "a wipe's edge width as a fraction of the frame, or a luma ramp in grey levels")
  public static let color = EffectParameter(
    "color", .opaqueColor, default: .text("#000000"), help: "the colour a dip passes through")
  public static let pattern = EffectParameter(
    "pattern", .path, help: "a greyscale picture: a pixel shows the incoming item at its grey")

  /// The parameter called `key` (one of `parameters`).
  public static func parameter(_ key: String) -> EffectParameter {
    guard let found = parameters.first(where: { $0.key == key }) else {
      preconditionFailure("transitions have no parameter '\(key)'")
    }
    return found
  }
}

extension TransitionKind {
  /// The style's descriptor.
  public var descriptor: TransitionDescriptor {
    switch self {
    case .crossfade:
      TransitionDescriptor(
        kind: self, ownKeys: [], help: "the outgoing picture fades into the incoming one")
    case .dip:
      TransitionDescriptor(
        kind: self, ownKeys: ["color"], help: "through a colour, out of one item and into the next")
    case .wipe:
      TransitionDescriptor(
        kind: self, ownKeys: ["direction", "softness"],
        help: "a straight edge crosses the frame, the incoming picture behind it")
    case .slide:
      TransitionDescriptor(
        kind: self, ownKeys: ["direction"],
        help: "the incoming picture moves in over the outgoing one")
    case .push:
      TransitionDescriptor(
        kind: self, ownKeys: ["direction"],
        help: "the incoming picture moves in and pushes the outgoing one out")
    case .luma:
      TransitionDescriptor(
        kind: self, ownKeys: ["pattern", "softness"],
        help: "a greyscale pattern decides where the incoming picture shows first")
    }
  }
}

/// One value an effect or a transition takes, as a project file writes it: its key, its type,
/// the numbers it may be, its default and whether it may move over the layer's time. The
/// reader reads it by these, and a test holds the JSON Schema to them (`EffectDescriptor`,
/// `TransitionDescriptor`).
public struct EffectParameter: Sendable {
  /// How the value is written.
  public enum Kind: Sendable, Equatable {
    /// A number.
    case number
    /// A number of output pixels, or a percentage (`"10%"`) of the picture's shorter side up
    /// to `percent`'s upper bound.
    case pixelsOrPercent(percent: ClosedRange<Double>)
    /// A colour with alpha, `"#RRGGBBAA"`.
    case color
    /// An opaque colour, `"#RRGGBB"`.
    case opaqueColor
    /// One of these names.
    case choice([String])
    /// Two numbers, `[x, y]`, each in `range`.
    case pair
    /// A file's path.
    case path
  }

  /// A default, as the project file would write it.
  public enum Default: Sendable, Equatable {
    case number(Double)
    case text(String)
    case pair(Double, Double)
  }

  /// The YAML key: on the layer, or inside the effect's mapping (`EffectDescriptor.Form`).
  public var key: String
  public var kind: Kind
  /// The numbers it may be (each of a pair's); nil for a colour or a path.
  public var range: ClosedRange<Double>?
  /// What it is when not written; nil where leaving it out means no effect (or, for a
  /// transition's, that its style needs it).
  public var defaultValue: Default?
  /// Whether it may be keyframes (README.md, "Keyframes") rather than one value.
  public var animates: Bool
  /// One sentence for people: what it does and in what unit.
  public var help: String

  public init(
    _ key: String, _ kind: Kind, range: ClosedRange<Double>? = nil,
    default defaultValue: Default? = nil,
    animates: Bool = false, help: String
  ) {
    self.key = key
    self.kind = kind
    self.range = range
    self.defaultValue = defaultValue
    self.animates = animates
    self.help = help
  }
}

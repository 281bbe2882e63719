/// One effect, described once (README.md, "Effects"): its YAML key, its parameters with their
/// types, ranges, defaults and whether they animate, and, for a per-pixel colour adjustment,
/// the shader that draws it. The reader takes its keys, ranges and defaults from here; an
/// adjustment (`shader` set) needs nothing else: the reader, the plan, the plan table, the
/// frame describer and the compositor handle every adjustment alike. A test holds the JSON
/// Schema to the descriptors.
public struct EffectDescriptor: Sendable {
  /// How the parameters are written on a layer.
  public enum Form: Sendable, Equatable {
    /// Each parameter is a key of the layer itself (`blur: 4`; `lut:` and `lut_mix:`).
    case layerKeys
    /// One key, `key`, whose mapping holds the parameters (`shadow: { blur: 12 }`).
    case mapping
  }

  /// The layer key that names the effect.
  public var key: String
  public var form: Form
  /// For `.layerKeys`, the first is `key`'s own value.
  public var parameters: [EffectParameter]
  /// One sentence for people.
  public var help: String
  /// For a per-pixel colour adjustment, its shader; nil for the effects drawn by code of their
  /// own (blur, rounded corners, shadow, look).
  public var shader: AdjustmentShader?

  public init(
    key: String, form: Form = .layerKeys, parameters: [EffectParameter], help: String,
    shader: AdjustmentShader? = nil
  ) {
    self.key = key
    self.form = form
    self.parameters = parameters
    self.help = help
    self.shader = shader
  }

  /// The parameter called `key`. Descriptors are constants, so asking for one it lacks is a
  /// mistake in chromake.
  public func parameter(_ key: String) -> EffectParameter {
    guard let found = parameters.first(where: { $0.key == key }) else {
      preconditionFailure("the effect '\(self.key)' has no parameter '\(key)'")
    }
    return found
  }

  /// The keys a layer may have for this effect.
  public var layerKeys: [String] {
    form == .mapping ? [key] : parameters.map(\.key)
  }
}

/// How the compositor draws a per-pixel colour adjustment: a `.frag` file (in `Shaders/GLSL`)
/// that declares `struct TYPE { float value; };` and `vec3 FUNCTION(TYPE, vec3 rgb)`, which
/// maps a pixel's R′G′B′ (0 to 1, not premultiplied) to the adjusted R′G′B′.
public struct AdjustmentShader: Sendable, Hashable {
  /// The file's name, such as `Saturation.frag`.
  public var file: String
  /// Its GLSL struct's name.
  public var type: String
  /// Its GLSL function's name.
  public var function: String
  /// The value at which it changes nothing: a layer at it is drawn as if it had no adjustment,
  /// so its pictures stay exactly what they were.
  public var identity: Double

  public init(file: String, type: String, function: String, identity: Double) {
    self.file = file
    self.type = type
    self.function = function
    self.identity = identity
  }
}

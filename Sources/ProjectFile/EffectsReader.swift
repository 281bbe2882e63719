import Diagnostics
import PlanValues
import Timeline
import Yams

/// Reads a layer's effects (README.md, "Effects"), each by its descriptor
/// (`EffectDescriptor`), on every visual layer and sequence item.
extension ReadContext {
  /// The effect keys, common to every kind of visual layer.
  static let effectKeys = EffectDescriptor.all.flatMap(\.layerKeys)

  func readEffects(_ map: MappingReader, subject: String) -> LayerEffectsSpec {
    var effects = LayerEffectsSpec()
    effects.blur = map.value("blur").flatMap { node in
      animated(
        node, what: "the blur of \(subject)", read: { self.number($0, EffectDescriptor.blur) })
    }
    if let node = map.value("corner_radius") {
      effects.cornerRadius = animated(
        node, what: "the corner radius of \(subject)", read: { self.cornerRadius($0) })
      checkOneUnit(effects.cornerRadius, subject: subject)
    }
    effects.shadow = map.value("shadow").flatMap(shadow)
    effects.lut = map.value("lut").flatMap { path($0, what: "lut") }
    effects.lutMix = map.value("lut_mix").flatMap {
      number($0, EffectDescriptor.lut.parameter("lut_mix"))
    }
    if let mix = effects.lutMix, effects.lut == nil, map.value("lut") == nil {
      error(
        "missing-key", "\(subject) gives lut_mix without a lut", at: mix.location,
        help: "lut_mix blends a lut's look with the picture: give the look, lut: looks/FILE.cube")
    }
    for descriptor in EffectDescriptor.adjustments {
      let parameter = descriptor.parameter(descriptor.key)
      effects.adjustments[descriptor.key] = map.value(descriptor.key).flatMap { node in
        animated(
          node, what: "the \(descriptor.key) of \(subject)",
          read: { self.number($0, parameter) })
      }
    }
    return effects
  }

  /// A number in `parameter`'s range, named `what` (else by its key) in messages.
  private func number(_ node: Node, _ parameter: EffectParameter, what: String? = nil)
    -> Located<Double>?
  {
    guard let range = parameter.range else {
      preconditionFailure("the effect parameter '\(parameter.key)' has no range")
    }
    return number(node, what: what ?? parameter.key, in: range)
  }

  /// A number in the range of the single parameter of `descriptor`.
  private func number(_ node: Node, _ descriptor: EffectDescriptor) -> Located<Double>? {
    number(node, descriptor.parameter(descriptor.key))
  }

  /// `24` (pixels) or `"10%"` (of the picture's shorter side, at most 50 %).
  private func cornerRadius(_ node: Node) -> Located<CornerRadius>? {
    guard let s = scalarText(node, expected: "a corner radius", example: "24") else { return nil }
    let text = s.text.trimmingWhitespace()
    guard case .pixelsOrPercent(let percent) = EffectDescriptor.cornerRadius.parameters[0].kind
    else { preconditionFailure("corner_radius is pixels or a percentage") }
    if text.hasSuffix("%") {
      guard let value = DecimalText.rational(String(text.dropLast()).trimmingWhitespace()),
        value >= Rational(Int64(percent.lowerBound)), value <= Rational(Int64(percent.upperBound))
      else {
        error(
          "out-of-range",
          "a corner radius in percent must be \(Int64(percent.lowerBound))% to "
            + "\(Int64(percent.upperBound))%, found '\(s.text)'",
          at: s.location, notes: s.substitutionNotes)
        return nil
      }
      return Located(CornerRadius(value: value.doubleValue, relative: true), at: s.location)
    }
    guard let pixels = number(node, EffectDescriptor.cornerRadius) else { return nil }
    return Located(CornerRadius(value: pixels.value, relative: false), at: pixels.location)
  }

  /// Keyframes of a corner radius move between values of one unit: pixels and percent
  /// cannot be mixed.
  private func checkOneUnit(_ radius: AnimatedSpec<CornerRadius>?, subject: String) {
    guard let radius, let first = radius.keyframes.first else { return }
    for keyframe in radius.keyframes.dropFirst()
    where keyframe.value.value.relative != first.value.value.relative {
      error(
        "bad-keyframes",
        "the corner radius of \(subject) mixes pixels and percent across its keyframes",
        at: keyframe.value.location,
        notes: [.init("the first keyframe's unit is here", at: first.value.location)],
        help: "give every keyframe in pixels, or every one in percent")
      return
    }
  }

  /// `{ color: "#00000099", offset: [8, 8], blur: 12 }`, each key optional, its default the
  /// descriptor's.
  private func shadow(_ node: Node) -> Located<Shadow>? {
    let descriptor = EffectDescriptor.shadow
    guard
      let map = MappingReader(
        node, subject: "shadow", keys: descriptor.parameters.map(\.key), in: self)
    else { return nil }
    guard case .text(let color) = descriptor.parameter("color").defaultValue,
      let defaultColor = RGBAColor(hex: color),
      case .pair(let x, let y) = descriptor.parameter("offset").defaultValue,
      case .number(let blur) = descriptor.parameter("blur").defaultValue
    else { preconditionFailure("the shadow's descriptor gives every default") }
    var shadow = Shadow(color: defaultColor, offset: SIMD2(x, y), blur: blur)
    if let n = map.value("color"), let color = rgbaColor(n) { shadow.color = color.value }
    if let n = map.value("offset"), let offset = pair(n, what: "shadow offset") {
      shadow.offset = offset
    }
    if let n = map.value("blur"),
      let blur = number(n, descriptor.parameter("blur"), what: "shadow blur")
    {
      shadow.blur = blur.value
    }
    return Located(shadow, at: map.location)
  }

  /// `[x, y]`: two numbers of output pixels in the shadow offset's range.
  private func pair(_ node: Node, what: String) -> SIMD2<Double>? {
    guard case .sequence(let items) = node, items.count == 2 else {
      error(
        "wrong-type", "\(what) must be two numbers, [x, y]", at: location(of: node),
        help: "for example: offset: [8, 8]")
      return nil
    }
    let offset = EffectDescriptor.shadow.parameter("offset")
    guard let x = number(items[0], offset, what: what),
      let y = number(items[1], offset, what: what)
    else { return nil }
    return SIMD2(x.value, y.value)
  }
}

import Diagnostics
import PlanValues
import Timeline
import Yams

/// Reads a layer's effects (README.md, "Effects"): `blur`, `corner_radius` and
/// `shadow`, on every visual layer and sequence item.
extension ReadContext {
  /// The effect keys, common to every kind of visual layer.
  static let effectKeys = ["blur", "corner_radius", "shadow", "lut", "lut_mix"]

  /// The largest blur, in output pixels: beyond it a picture is one flat colour at any size
  /// chromake renders.
  static let largestBlur = 1000.0

  func readEffects(_ map: MappingReader, subject: String) -> LayerEffectsSpec {
    var effects = LayerEffectsSpec()
    effects.blur = map.value("blur").flatMap { node in
      animated(
        node, what: "the blur of \(subject)",
        read: { self.number($0, what: "blur", in: 0...Self.largestBlur) })
    }
    if let node = map.value("corner_radius") {
      effects.cornerRadius = animated(
        node, what: "the corner radius of \(subject)", read: { self.cornerRadius($0) })
      checkOneUnit(effects.cornerRadius, subject: subject)
    }
    effects.shadow = map.value("shadow").flatMap(shadow)
    effects.lut = map.value("lut").flatMap { path($0, what: "lut") }
    effects.lutMix = map.value("lut_mix").flatMap { number($0, what: "lut_mix", in: 0...1) }
    if let mix = effects.lutMix, effects.lut == nil, map.value("lut") == nil {
      error(
        "missing-key", "\(subject) gives lut_mix without a lut", at: mix.location,
        help: "lut_mix blends a lut's look with the picture: give the look, lut: looks/FILE.cube")
    }
    return effects
  }

  /// `24` (pixels) or `"10%"` (of the picture's shorter side, at most 50 %).
  private func cornerRadius(_ node: Node) -> Located<CornerRadius>? {
    guard let s = scalarText(node, expected: "a corner radius", example: "24") else { return nil }
    let text = s.text.trimmingWhitespace()
    if text.hasSuffix("%") {
      guard let value = DecimalText.rational(String(text.dropLast()).trimmingWhitespace()),
        value >= .zero, value <= Rational(50)
      else {
        error(
          "out-of-range", "a corner radius in percent must be 0% to 50%, found '\(s.text)'",
          at: s.location, notes: s.substitutionNotes)
        return nil
      }
      return Located(CornerRadius(value: value.doubleValue, relative: true), at: s.location)
    }
    guard let pixels = number(node, what: "corner_radius", in: 0...100_000) else { return nil }
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

  /// `{ color: "#00000099", offset: [8, 8], blur: 12 }`, each key optional.
  private func shadow(_ node: Node) -> Located<Shadow>? {
    guard
      let map = MappingReader(
        node, subject: "shadow", keys: ["color", "offset", "blur"], in: self)
    else { return nil }
    var shadow = Shadow(
      color: RGBAColor(RGBColor(red: 0, green: 0, blue: 0), alpha: 0x99), offset: SIMD2(8, 8),
      blur: 12)
    if let n = map.value("color"), let color = rgbaColor(n) { shadow.color = color.value }
    if let n = map.value("offset"), let offset = pair(n, what: "shadow offset") {
      shadow.offset = offset
    }
    if let n = map.value("blur"),
      let blur = number(n, what: "shadow blur", in: 0...Self.largestBlur)
    {
      shadow.blur = blur.value
    }
    return Located(shadow, at: map.location)
  }

  /// `[x, y]`: two numbers of −10000 to 10000 output pixels.
  private func pair(_ node: Node, what: String) -> SIMD2<Double>? {
    guard case .sequence(let items) = node, items.count == 2 else {
      error(
        "wrong-type", "\(what) must be two numbers, [x, y]", at: location(of: node),
        help: "for example: offset: [8, 8]")
      return nil
    }
    guard let x = number(items[0], what: what, in: -10_000...10_000),
      let y = number(items[1], what: what, in: -10_000...10_000)
    else { return nil }
    return SIMD2(x.value, y.value)
  }
}

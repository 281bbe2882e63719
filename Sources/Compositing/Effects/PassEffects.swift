import PlanValues

/// The effects of one draw that need passes of their own after the layer is placed
/// (`EffectPasses`): they read neighbouring pixels or draw beyond the picture, so neither the
/// preparation's per-pixel program nor the stacking pass can apply them. A layer with any of
/// them is never fused.
struct PassEffects: Equatable {
  /// The Gaussian blur's standard deviation in output pixels; 0 for none.
  var blur: Double = 0
  var shadow: Shadow?
  /// contain-blur's background, drawn under the picture.
  var background: Background?

  /// contain-blur's background: the picture covering the box, blurred by `blur` output pixels
  /// and cut to the box (x0, y0, x1, y1 in the unrotated frame `xRow` and `yRow` map output
  /// positions to).
  struct Background: Equatable {
    var blur: Double
    var xRow: SIMD3<Double>
    var yRow: SIMD3<Double>
    var box: SIMD4<Double>
  }

  var isEmpty: Bool { blur <= 0 && shadow == nil && background == nil }

  /// The shadow's blur as cast by the layer: its own blur after the layer's.
  var shadowBlur: Double {
    guard let shadow else { return 0 }
    return (blur * blur + shadow.blur * shadow.blur).squareRoot()
  }

  /// How far past a picture's bounds its result can reach: (left, top, right, bottom), in
  /// output pixels. A Gaussian's reach is three standard deviations (0.3 % of its weight lies
  /// beyond); a shadow's is its offset plus its own blur's.
  var reach: SIMD4<Double> {
    let spread = (3 * blur).rounded(.up)
    var reach = SIMD4(repeating: spread)
    if let shadow {
      let shadowSpread = (3 * shadowBlur).rounded(.up)
      reach = pointwiseMax(
        reach,
        SIMD4(
          shadowSpread - shadow.offset.x, shadowSpread - shadow.offset.y,
          shadowSpread + shadow.offset.x, shadowSpread + shadow.offset.y))
    }
    return pointwiseMax(reach, .zero)
  }

  /// How far past the picture's bounds the placed layer must be read for this reach: as far
  /// as any blur takes a pixel's colour from, and the shadow's offset back to what casts it.
  var margin: Double {
    let spread = (3 * max(blur, shadowBlur)).rounded(.up) + 2
    guard let shadow else { return spread }
    return spread + max(abs(shadow.offset.x), abs(shadow.offset.y)).rounded(.up)
  }
}

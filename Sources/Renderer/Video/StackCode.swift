/// The part of a stacking program `StackPass` generates for one batch: each layer's uniforms
/// and samplers, and a `main` that blends them bottom first. Appended to `Stack.frag` (and
/// `Matte.frag` when a fused layer needs it).
///
/// Over a transparent background the planes start from premultiplied zero, and the pass
/// also stacks alpha (a luma pass each row's, `topAlpha` and `bottomAlpha`; a chroma pass
/// `chromaAlpha`) with "over": `A = a + A·(1 − a)` for a prepared layer, `A = mix(A, 1, a)`
/// for a fused one (the same, as its colour is not premultiplied). Over a colour none of
/// these lines are generated.
enum StackCode {
  static func main(for batch: StackPass.Batch) -> String {
    var lines: [String] = []
    for (index, kind) in batch.layers.enumerated() {
      lines += declarations(index: index, kind: kind, target: batch.target)
    }
    let alphas = batch.target == .luma ? ["topAlpha", "bottomAlpha"] : ["chromaAlpha"]
    let targets = 2 + (batch.transparent ? alphas.count : 0)
    let names = (0..<targets).map { "\($0)" }
    if batch.readsPrevious {
      lines.append("uniform sampler2D \(names.map { "previous" + $0 }.joined(separator: ", "));")
    }
    lines += names.map { "layout(location = \($0)) out vec4 stacked\($0);" }
    lines += ["void main() {", "    ivec2 fragment = ivec2(gl_FragCoord.xy);"]
    // The four samples under the batch of each of the fragment's two rows (luma), or of Cb
    // and Cr (chroma), and their alphas where the pass stacks them.
    var planes = batch.target == .luma ? ["top", "bottom"] : ["cb", "cr"]
    if batch.transparent { planes += alphas }
    if batch.readsPrevious {
      lines += planes.enumerated().map { index, plane in
        "    vec4 \(plane) = texelFetch(previous\(index), fragment, 0);"
      }
    } else if batch.transparent {
      lines += planes.map { "    vec4 \($0) = vec4(0.0);" }
    } else if batch.target == .luma {
      lines += ["    vec4 top = vec4(background.x);", "    vec4 bottom = top;"]
    } else {
      lines += ["    vec4 cb = vec4(background.y);", "    vec4 cr = vec4(background.z);"]
    }
    for (index, kind) in batch.layers.enumerated() {
      var block: [String]
      switch (kind, batch.target) {
      case (.prepared, .luma): block = preparedLuma(index, alpha: batch.transparent)
      case (.prepared, .chroma): block = preparedChroma(index, alpha: batch.transparent)
      case (.fused(let recipe), .luma):
        block = fusedLuma(index, recipe)
        if batch.transparent {
          block += [
            "topAlpha = mix(topAlpha, vec4(1.0), topA);",
            "bottomAlpha = mix(bottomAlpha, vec4(1.0), bottomA);",
          ]
        }
      case (.fused(let recipe), .chroma):
        block = fusedChroma(index, recipe)
        if batch.transparent { block.append("chromaAlpha = mix(chromaAlpha, vec4(1.0), a);") }
      }
      lines += ["    {"] + block.map { "        " + $0 } + ["    }"]
    }
    lines += planes.enumerated().map { index, plane in "    stacked\(index) = \(plane);" }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func declarations(index: Int, kind: StackPass.Kind, target: StackTarget)
    -> [String]
  {
    let name = "layer\(index)"
    switch kind {
    case .prepared:
      let samplers = target == .luma ? ["Luma", "Alpha"] : ["Cb", "Cr", "Alpha"]
      return [
        "uniform Prepared \(name);",
        "uniform sampler2D \(samplers.map { name + $0 }.joined(separator: ", "));",
      ]
    case .fused(let recipe):
      var lines = ["uniform Fused \(name);"]
      if recipe.matted { lines.append("uniform Matte \(name)Matte;") }
      var samplers = ["Y", "Cb", "Cr"]
      if recipe.keyed { samplers += ["KeyAlpha", "Excess"] }
      if recipe.matted { samplers.append("MatteY") }
      lines.append("uniform sampler2D \(samplers.map { name + $0 }.joined(separator: ", "));")
      return lines
    }
  }

  /// A prepared layer over the fragment's two rows: its texture rows are output rows. With
  /// `alpha`, each row's alpha is stacked too.
  private static func preparedLuma(_ index: Int, alpha: Bool) -> [String] {
    let layer = "layer\(index)"
    // Bounds lie on even rows, so a fragment's two rows are both inside the box or both out.
    var lines = [
      "ivec2 t = ivec2(fragment.x, fragment.y * 2) - ivec2(\(layer).origin);",
      "if (\(inside(layer))) {",
      "    float o = \(layer).opacity;",
      "    vec4 a = texelFetch(\(layer)Alpha, t, 0) * o;",
      "    top = texelFetch(\(layer)Luma, t, 0) * o + top * (1.0 - a);",
    ]
    if alpha { lines.append("    topAlpha = a + topAlpha * (1.0 - a);") }
    lines += [
      "    t.y += 1;",
      "    a = texelFetch(\(layer)Alpha, t, 0) * o;",
      "    bottom = texelFetch(\(layer)Luma, t, 0) * o + bottom * (1.0 - a);",
    ]
    if alpha { lines.append("    bottomAlpha = a + bottomAlpha * (1.0 - a);") }
    return lines + ["}"]
  }

  private static func preparedChroma(_ index: Int, alpha: Bool) -> [String] {
    let layer = "layer\(index)"
    var lines = [
      "ivec2 t = fragment - ivec2(\(layer).origin);",
      "if (\(inside(layer))) {",
      "    float o = \(layer).opacity;",
      "    vec4 a = texelFetch(\(layer)Alpha, t, 0) * o;",
      "    cb = texelFetch(\(layer)Cb, t, 0) * o + cb * (1.0 - a);",
      "    cr = texelFetch(\(layer)Cr, t, 0) * o + cr * (1.0 - a);",
    ]
    if alpha { lines.append("    chromaAlpha = a + chromaAlpha * (1.0 - a);") }
    return lines + ["}"]
  }

  /// Whether texel `t` lies inside the prepared layer's box.
  private static func inside(_ layer: String) -> String {
    "all(greaterThanEqual(t, ivec2(0))) && all(lessThan(t, ivec2(\(layer).size)))"
  }

  /// Eight luma samples of a fused layer, four of each of two rows, each with the Cb and Cr it
  /// was subsampled with (which the two rows share).
  private static func fusedLuma(_ index: Int, _ recipe: FusedLayer.Recipe) -> [String] {
    let layer = "layer\(index)"
    var lines = [
      "ivec2 t = fragment - ivec2(\(layer).origin);",
      "ivec2 row = ivec2(t.x, t.y * 2);",
      "vec4 tops = texelFetch(\(layer)Y, row, 0);",
      "vec4 bottoms = texelFetch(\(layer)Y, row + ivec2(0, 1), 0);",
      "mat3 m = \(layer).toOutput;",
    ]
    if recipe.lumaNeedsChroma {
      lines += [
        "ivec2 c = ivec2(t.x >> 1, t.y);",
        "vec4 cbs = texelFetch(\(layer)Cb, c, 0);",
        "vec4 crs = texelFetch(\(layer)Cr, c, 0);",
        "vec2 cbPair = (t.x & 1) == 0 ? cbs.xy : cbs.zw;",
        "vec2 crPair = (t.x & 1) == 0 ? crs.xy : crs.zw;",
        "vec4 chroma = m[1][0] * cbPair.xxyy + m[2][0] * crPair.xxyy;",
      ]
    } else {
      // The chroma's weight in Y' is zero: any value gives the same result.
      lines.append("vec4 chroma = vec4(0.5 * (m[1][0] + m[2][0]));")
    }
    lines += [
      "vec4 topY = m[0][0] * tops + chroma + \(layer).outputOffset.x;",
      "vec4 bottomY = m[0][0] * bottoms + chroma + \(layer).outputOffset.x;",
      "vec4 topA = vec4(\(layer).opacity);",
      "vec4 bottomA = topA;",
    ]
    if recipe.keyed {
      // The key's alpha from the key pass, interpolated per luma sample; the spill, which
      // moves colour rather than coverage, from each pixel's own chroma sample.
      lines += [
        "vec4 keyTop;",
        "vec4 keyBottom;",
        "keyAlphas(\(layer)KeyAlpha, \(layer), t, keyTop, keyBottom);",
        "topA *= keyTop;",
        "bottomA *= keyBottom;",
        "vec4 excesses = texelFetch(\(layer)Excess, ivec2(t.x >> 1, t.y), 0);",
        "vec4 excess = (t.x & 1) == 0 ? excesses.xxyy : excesses.zzww;",
        "topY += \(layer).spillShift.x * excess;",
        "bottomY += \(layer).spillShift.x * excess;",
      ]
    }
    if recipe.matted {
      lines += [
        "topA *= matteAlpha(\(layer)Matte, texelFetch(\(layer)MatteY, row, 0));",
        "bottomA *= matteAlpha(\(layer)Matte, texelFetch(\(layer)MatteY, row + ivec2(0, 1), 0));",
      ]
    }
    return lines + ["top = mix(top, topY, topA);", "bottom = mix(bottom, bottomY, bottomA);"]
  }

  /// Four chroma samples of a fused layer, each with the mean of the two luma samples of its
  /// upper row.
  private static func fusedChroma(_ index: Int, _ recipe: FusedLayer.Recipe) -> [String] {
    let layer = "layer\(index)"
    var lines = [
      "ivec2 t = fragment - ivec2(\(layer).origin);",
      "vec4 cbs = texelFetch(\(layer)Cb, t, 0);",
      "vec4 crs = texelFetch(\(layer)Cr, t, 0);",
      "mat3 m = \(layer).toOutput;",
    ]
    if recipe.chromaNeedsLuma {
      lines += [
        "ivec2 l = t * 2;",
        "vec4 left = texelFetch(\(layer)Y, l, 0);",
        "vec4 right = texelFetch(\(layer)Y, l + ivec2(1, 0), 0);",
        "vec4 lumas = 0.5 * vec4(left.x + left.y, left.z + left.w, right.x + right.y, "
          + "right.z + right.w);",
      ]
    } else {
      // Y's weight in Cb and Cr is zero: any value gives the same result.
      lines.append("vec4 lumas = vec4(0.5);")
    }
    lines += [
      "vec4 outCb = m[0][1] * lumas + m[1][1] * cbs + m[2][1] * crs + \(layer).outputOffset.y;",
      "vec4 outCr = m[0][2] * lumas + m[1][2] * cbs + m[2][2] * crs + \(layer).outputOffset.z;",
      "vec4 a = vec4(\(layer).opacity);",
    ]
    if recipe.keyed {
      // Alpha and spill excess as the key pass computed them for these samples.
      lines += [
        "a *= texelFetch(\(layer)KeyAlpha, t, 0);",
        "vec4 excess = texelFetch(\(layer)Excess, t, 0);",
        "outCb += \(layer).spillShift.y * excess;",
        "outCr += \(layer).spillShift.z * excess;",
      ]
    }
    if recipe.matted {
      // The mean of the four matte samples the chroma sample stands for.
      lines += [
        "ivec2 mt = t * 2;",
        "vec4 a0 = texelFetch(\(layer)MatteY, mt, 0);",
        "vec4 b0 = texelFetch(\(layer)MatteY, mt + ivec2(1, 0), 0);",
        "vec4 a1 = texelFetch(\(layer)MatteY, mt + ivec2(0, 1), 0);",
        "vec4 b1 = texelFetch(\(layer)MatteY, mt + ivec2(1, 1), 0);",
        "vec4 sums = vec4(a0.x + a0.y + a1.x + a1.y, a0.z + a0.w + a1.z + a1.w, "
          + "b0.x + b0.y + b1.x + b1.y, b0.z + b0.w + b1.z + b1.w);",
        "a *= matteAlpha(\(layer)Matte, 0.25 * sums);",
      ]
    }
    return lines + ["cb = mix(cb, outCb, a);", "cr = mix(cr, outCr, a);"]
  }
}

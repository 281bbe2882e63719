import GPU

/// The compositing effect's fast path (`PackedComposite.frag`): every layer 8-bit 4:2:0 and
/// pixel-aligned, four samples (of two rows, in the luma pass) per fragment. Only the luma and
/// chroma targets exist here.
final class PackedComposite {
  /// What the program was built for: per layer whether it is keyed, the target, and whether
  /// the colour under the batch comes from an earlier batch.
  struct Batch: Hashable {
    var layers: [Layer]
    var target: CompositeTarget
    var readsPrevious: Bool
  }

  /// What the generated code needs to know of a layer.
  struct Layer: Hashable {
    var keyed: Bool
    /// Whether the output's Y′ depends on the layer's Cb and Cr (a key does; a source with
    /// another matrix than the output's does): if not, the luma pass fetches no chroma.
    var lumaNeedsChroma: Bool
    /// Whether the output's Cb and Cr depend on the layer's Y′ (only with another matrix): if
    /// not, the chroma pass fetches no luma.
    var chromaNeedsLuma: Bool
  }

  let batch: Batch
  let program: ShaderProgram

  init(context: GPUContext, batch: Batch) throws {
    precondition(batch.target != .rgb, "the packed path writes Y′CbCr planes only")
    self.batch = batch
    program = try GeneratedShader.program(
      context: context, template: "PackedComposite.frag",
      generated: Self.generatedMain(for: batch))
  }

  /// The matte pass: one keyed layer's key alpha for each of its chroma samples, four to an
  /// RGBA8 texel like the packed chroma planes, for the luma pass to interpolate. The target
  /// has the layer's packed chroma size and the same texel grid.
  static func keyMatteProgram(context: GPUContext) throws -> ShaderProgram {
    let cb = Composite.planeSampler(layer: 0, plane: 1)
    let cr = Composite.planeSampler(layer: 0, plane: 2)
    let main = [
      "#line 10001",
      "uniform Layer layers[1];",
      "uniform sampler2D \(cb), \(cr);",
      "out vec4 alphaColor;",
      "void main() {",
      "    ivec2 texel = ivec2(gl_FragCoord.xy);",
      "    vec4 cbs = texelFetch(\(cb), texel, 0);",
      "    vec4 crs = texelFetch(\(cr), texel, 0);",
      "    for (int i = 0; i < 4; i++) {",
      "        alphaColor[i] = keyAlpha(layers[0], vec2(cbs[i], crs[i]));",
      "    }",
      "}",
    ]
    return try GeneratedShader.program(
      context: context, template: "PackedComposite.frag",
      generated: main.joined(separator: "\n") + "\n")
  }

  // MARK: - The generated part

  static func generatedMain(for batch: Batch) -> String {
    var lines = ["#line 10001"]
    // GLSL ES has no empty arrays; a frame no layer is drawn on is the background alone.
    if !batch.layers.isEmpty {
      lines.append("uniform Layer layers[\(batch.layers.count)];")
    }
    for (index, layer) in batch.layers.enumerated() {
      var samplers = (0..<3).map { Composite.planeSampler(layer: index, plane: $0) }
      if layer.keyed && batch.target == .luma {
        samplers.append(Composite.matteSampler(layer: index))
      }
      lines.append("uniform sampler2D \(samplers.joined(separator: ", "));")
    }
    if batch.readsPrevious {
      lines.append("uniform sampler2D \(previousSamplers(batch.target).joined(separator: ", "));")
    }
    switch batch.target {
    case .luma:
      lines += [
        "layout(location = 0) out vec4 topColor;", "layout(location = 1) out vec4 bottomColor;",
      ]
    case .chroma, .rgb:
      lines += ["layout(location = 0) out vec4 cbColor;", "layout(location = 1) out vec4 crColor;"]
    }
    lines += ["void main() {", "    ivec2 fragment = ivec2(gl_FragCoord.xy);"]
    lines += underLines(batch)
    for (index, layer) in batch.layers.enumerated() {
      lines +=
        batch.target == .luma
        ? lumaBlock(index: index, layer: layer) : chromaBlock(index: index, layer: layer)
    }
    switch batch.target {
    case .luma:
      lines += [
        "    topColor = vec4(pixel[0].x, pixel[1].x, pixel[2].x, pixel[3].x);",
        "    bottomColor = vec4(pixel[4].x, pixel[5].x, pixel[6].x, pixel[7].x);",
      ]
    case .chroma, .rgb:
      lines += [
        "    cbColor = vec4(pixel[0].y, pixel[1].y, pixel[2].y, pixel[3].y);",
        "    crColor = vec4(pixel[0].z, pixel[1].z, pixel[2].z, pixel[3].z);",
      ]
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The samplers of an earlier batch's target: the luma pass's two rows, or Cb and Cr.
  static func previousSamplers(_ target: CompositeTarget) -> [String] {
    target == .luma ? ["previousTop", "previousBottom"] : Composite.previousSamplers(target)
  }

  /// `pixel[…]`: the samples' Y′CbCr under the batch; the luma pass has eight (four of the
  /// fragment's top row, then four of its bottom row), the chroma pass four.
  private static func underLines(_ batch: Batch) -> [String] {
    let count = batch.target == .luma ? 8 : 4
    var lines = ["    vec3 pixel[\(count)];"]
    guard batch.readsPrevious else {
      return lines + ["    for (int i = 0; i < \(count); i++) { pixel[i] = background; }"]
    }
    switch batch.target {
    case .luma:
      lines.append("    vec4 previousTops = texelFetch(previousTop, fragment, 0);")
      lines.append("    vec4 previousBottoms = texelFetch(previousBottom, fragment, 0);")
      lines.append(
        "    for (int i = 0; i < 4; i++) { pixel[i] = vec3(previousTops[i], background.yz); "
          + "pixel[i + 4] = vec3(previousBottoms[i], background.yz); }")
    case .chroma, .rgb:
      lines.append("    vec4 previousCbs = texelFetch(previousCb, fragment, 0);")
      lines.append("    vec4 previousCrs = texelFetch(previousCr, fragment, 0);")
      lines.append(
        "    for (int i = 0; i < 4; i++) { "
          + "pixel[i] = vec3(background.x, previousCbs[i], previousCrs[i]); }")
    }
    return lines
  }

  /// Eight luma samples of layer `index`, four of each of two rows: each with the Cb and Cr it
  /// was subsampled with, which the two rows share.
  private static func lumaBlock(index: Int, layer: Layer) -> [String] {
    let (y, cb, cr) = planes(index)
    let uniform = "layers[\(index)]"
    var lines =
      blockHead(uniform) + [
        "            ivec2 top = ivec2(texel.x, texel.y * 2);",
        "            vec4 tops = texelFetch(\(y), top, 0);",
        "            vec4 bottoms = texelFetch(\(y), top + ivec2(0, 1), 0);",
      ]
    if layer.lumaNeedsChroma {
      lines += [
        "            ivec2 chroma = ivec2(texel.x >> 1, texel.y);",
        "            vec4 cbs = texelFetch(\(cb), chroma, 0);",
        "            vec4 crs = texelFetch(\(cr), chroma, 0);",
        "            vec2 cbPair = (texel.x & 1) == 0 ? cbs.xy : cbs.zw;",
        "            vec2 crPair = (texel.x & 1) == 0 ? crs.xy : crs.zw;",
      ]
    } else {
      // The chroma's weight in Y′ is zero: any value gives the same result.
      lines += ["            vec2 cbPair = vec2(0.5);", "            vec2 crPair = vec2(0.5);"]
    }
    guard layer.keyed else {
      return lines + [
        "            for (int i = 0; i < 4; i++) {",
        "                vec3 samples = vec3(tops[i], cbPair[i / 2], crPair[i / 2]);",
        "                pixel[i] = over(\(uniform), pixel[i], samples);",
        "                samples.x = bottoms[i];",
        "                pixel[i + 4] = over(\(uniform), pixel[i + 4], samples);",
        "            }",
        "        }",
        "    }",
      ]
    }
    // The key's alpha comes from the matte pass, interpolated per luma sample; the spill,
    // which moves colour rather than coverage, from each pixel's own chroma sample.
    return lines + [
      "            vec4 topAlpha;",
      "            vec4 bottomAlpha;",
      "            matteAlpha(\(Composite.matteSampler(layer: index)), \(uniform), texel, "
        + "topAlpha, bottomAlpha);",
      "            vec2 excess = vec2(spillExcess(\(uniform), vec2(cbPair.x, crPair.x)), "
        + "spillExcess(\(uniform), vec2(cbPair.y, crPair.y)));",
      "            for (int i = 0; i < 4; i++) {",
      "                vec3 samples = vec3(tops[i], cbPair[i / 2], crPair[i / 2]);",
      "                vec2 keyed = vec2(topAlpha[i], excess[i / 2]);",
      "                pixel[i] = overKeyed(\(uniform), pixel[i], samples, keyed);",
      "                samples.x = bottoms[i];",
      "                keyed.x = bottomAlpha[i];",
      "                pixel[i + 4] = overKeyed(\(uniform), pixel[i + 4], samples, keyed);",
      "            }",
      "        }",
      "    }",
    ]
  }

  /// Four chroma samples of layer `index`: each with the mean of the two luma samples of its
  /// row.
  private static func chromaBlock(index: Int, layer: Layer) -> [String] {
    let (y, cb, cr) = planes(index)
    let uniform = "layers[\(index)]"
    var lines =
      blockHead(uniform) + [
        "            vec4 cbs = texelFetch(\(cb), texel, 0);",
        "            vec4 crs = texelFetch(\(cr), texel, 0);",
      ]
    if layer.chromaNeedsLuma {
      lines += [
        "            ivec2 luma = texel * 2;",
        "            vec4 left = texelFetch(\(y), luma, 0);",
        "            vec4 right = texelFetch(\(y), luma + ivec2(1, 0), 0);",
        "            vec4 lumas = 0.5 * vec4(left.x + left.y, left.z + left.w, "
          + "right.x + right.y, right.z + right.w);",
      ]
    } else {
      // Y′'s weight in Cb and Cr is zero: any value gives the same result.
      lines.append("            vec4 lumas = vec4(0.5);")
    }
    let blend =
      layer.keyed
      ? "overKeyed(\(uniform), pixel[i], samples, keying(\(uniform), samples.yz))"
      : "over(\(uniform), pixel[i], samples)"
    return lines + [
      "            for (int i = 0; i < 4; i++) {",
      "                vec3 samples = vec3(lumas[i], cbs[i], crs[i]);",
      "                pixel[i] = \(blend);",
      "            }",
      "        }",
      "    }",
    ]
  }

  /// The start of a layer's block: its texel, and nothing more where the picture is not.
  private static func blockHead(_ uniform: String) -> [String] {
    [
      "    {",
      "        bool inside;",
      "        ivec2 texel = layerTexel(\(uniform), fragment, inside);",
      "        if (inside) {",
    ]
  }

  private static func planes(_ index: Int) -> (String, String, String) {
    (
      Composite.planeSampler(layer: index, plane: 0),
      Composite.planeSampler(layer: index, plane: 1),
      Composite.planeSampler(layer: index, plane: 2)
    )
  }
}

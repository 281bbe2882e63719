import GPU

/// The compositing effect's fast path (`PackedComposite.frag`): every layer 8-bit 4:2:0 and
/// pixel-aligned, four samples per fragment. Only the luma and chroma targets exist here.
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

  // MARK: - The generated part

  static func generatedMain(for batch: Batch) -> String {
    var lines = ["#line 10001"]
    // GLSL ES has no empty arrays; a frame no layer is drawn on is the background alone.
    if !batch.layers.isEmpty {
      lines.append("uniform Layer layers[\(batch.layers.count)];")
    }
    for index in batch.layers.indices {
      let planes = (0..<3).map { Composite.planeSampler(layer: index, plane: $0) }
      lines.append("uniform sampler2D \(planes.joined(separator: ", "));")
    }
    if batch.readsPrevious {
      lines.append(
        "uniform sampler2D \(Composite.previousSamplers(batch.target).joined(separator: ", "));"
      )
    }
    switch batch.target {
    case .luma: lines.append("out vec4 lumaColor;")
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
      lines.append("    lumaColor = vec4(pixel[0].x, pixel[1].x, pixel[2].x, pixel[3].x);")
    case .chroma, .rgb:
      lines += [
        "    cbColor = vec4(pixel[0].y, pixel[1].y, pixel[2].y, pixel[3].y);",
        "    crColor = vec4(pixel[0].z, pixel[1].z, pixel[2].z, pixel[3].z);",
      ]
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `pixel[0…3]`: the four samples' Y′CbCr under the batch.
  private static func underLines(_ batch: Batch) -> [String] {
    var lines = ["    vec3 pixel[4];"]
    guard batch.readsPrevious else {
      return lines + ["    for (int i = 0; i < 4; i++) { pixel[i] = background; }"]
    }
    switch batch.target {
    case .luma:
      lines.append("    vec4 previous = texelFetch(previousY, fragment, 0);")
      lines.append(
        "    for (int i = 0; i < 4; i++) { pixel[i] = vec3(previous[i], background.yz); }")
    case .chroma, .rgb:
      lines.append("    vec4 previousCbs = texelFetch(previousCb, fragment, 0);")
      lines.append("    vec4 previousCrs = texelFetch(previousCr, fragment, 0);")
      lines.append(
        "    for (int i = 0; i < 4; i++) { "
          + "pixel[i] = vec3(background.x, previousCbs[i], previousCrs[i]); }")
    }
    return lines
  }

  /// Four luma samples of layer `index`: each with the Cb and Cr it was subsampled with.
  private static func lumaBlock(index: Int, layer: Layer) -> [String] {
    let (y, cb, cr) = planes(index)
    let uniform = "layers[\(index)]"
    var lines = blockHead(uniform) + ["            vec4 lumas = texelFetch(\(y), texel, 0);"]
    if layer.lumaNeedsChroma {
      lines += [
        "            ivec2 chroma = texel >> 1;",
        "            vec4 cbs = texelFetch(\(cb), chroma, 0);",
        "            vec4 crs = texelFetch(\(cr), chroma, 0);",
        "            vec2 cbPair = (texel.x & 1) == 0 ? cbs.xy : cbs.zw;",
        "            vec2 crPair = (texel.x & 1) == 0 ? crs.xy : crs.zw;",
      ]
    } else {
      // The chroma's weight in Y′ is zero: any value gives the same result.
      lines += ["            vec2 cbPair = vec2(0.5);", "            vec2 crPair = vec2(0.5);"]
    }
    if layer.keyed {
      lines.append(
        "            vec2 keyedPair[2] = vec2[2](keying(\(uniform), vec2(cbPair.x, crPair.x)), "
          + "keying(\(uniform), vec2(cbPair.y, crPair.y)));")
    }
    let blend =
      layer.keyed
      ? "overKeyed(\(uniform), pixel[i], samples, keyedPair[i / 2])"
      : "over(\(uniform), pixel[i], samples)"
    return lines + blendLoop(samples: "vec3(lumas[i], cbPair[i / 2], crPair[i / 2])", blend)
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

  /// The end of a layer's block: each of the four samples blended over what is under it.
  private static func blendLoop(samples: String, _ blend: String) -> [String] {
    [
      "            for (int i = 0; i < 4; i++) {",
      "                vec3 samples = \(samples);",
      "                pixel[i] = \(blend);",
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
    return lines + blendLoop(samples: "vec3(lumas[i], cbs[i], crs[i])", blend)
  }

  private static func planes(_ index: Int) -> (String, String, String) {
    (
      Composite.planeSampler(layer: index, plane: 0),
      Composite.planeSampler(layer: index, plane: 1),
      Composite.planeSampler(layer: index, plane: 2)
    )
  }
}

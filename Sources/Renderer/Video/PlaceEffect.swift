import GPU
import Media

/// The convert/place preparation (`Place.frag`): every layer's first effect. It reads the
/// decoded picture where the layer's geometry puts it, converts it to R′G′B′ and, after the
/// other effects, encodes it in the output's Y′CbCr. Its uniform is `place`.
struct PlaceEffect: UniformGroup {
  /// The output pixel of the prepared textures' first sample.
  var origin: SIMD2<Int>
  var geometry: LayerGeometry
  /// The stream's samples to R′G′B′.
  var toRGB: AffineColorMap
  /// The picture's last texel (width − 1, height − 1).
  var lastTexel: SIMD2<Int>

  init(origin: SIMD2<Int>, geometry: LayerGeometry, picture: DecodedFrame) {
    self.origin = origin
    self.geometry = geometry
    toRGB =
      picture.layout.isRGB
      ? AffineColorMap.identity
      : ColorConversion.toRGB(
        matrix: picture.colorMatrix, range: picture.colorRange, bitDepth: picture.layout.bitDepth)
    lastTexel = SIMD2(picture.width - 1, picture.height - 1)
  }

  var uniformMembers: [UniformMember] {
    let encode = ColorConversion.toOutput
    return [
      UniformMember("origin", .vec2(SIMD2(Float(origin.x), Float(origin.y)))),
      UniformMember("xRow", .vec3(SIMD3<Float>(geometry.xRow))),
      UniformMember("yRow", .vec3(SIMD3<Float>(geometry.yRow))),
      UniformMember("sRow", .vec3(SIMD3<Float>(geometry.sRow))),
      UniformMember("tRow", .vec3(SIMD3<Float>(geometry.tRow))),
      UniformMember("clip", .vec4(SIMD4<Float>(geometry.clip))),
      UniformMember("toRGB", .mat3(toRGB.matrix)),
      UniformMember("rgbOffset", .vec3(toRGB.offset)),
      UniformMember("encodeMatrix", .mat3(encode.matrix)),
      UniformMember("encodeOffset", .vec3(encode.offset)),
      UniformMember(
        "texelOrigin", .vec2(SIMD2(Float(geometry.picture.x), Float(geometry.picture.y)))
      ),
      UniformMember("lastTexel", .vec2(SIMD2(Float(lastTexel.x), Float(lastTexel.y)))),
    ]
  }

  // MARK: - Generated code

  /// The sampler names of the picture's planes.
  static func planeSamplers(_ layout: PlaneLayout) -> [String] {
    (0..<layout.planeCount).map { "plane\($0)" }
  }

  /// Which of a Y′CbCr picture's planes a preparation pass reads.
  enum PlaneUse: Hashable {
    case all
    /// Y′ alone: the luma pass of a layer whose output Y′ does not depend on its Cb and Cr
    /// (the same matrix as the output's) and that nothing keys by colour.
    case luma
    /// Cb and Cr alone: the chroma pass of a layer nothing keys by colour (the output's Cb
    /// and Cr never depend on Y′: R′, G′ and B′ all move one for one with it).
    case chroma
  }

  /// The lines of `prepared()` that set `rgb` (and for pictures with alpha multiply `alpha`)
  /// from the picture at this position, in the pass writing `target`: unfiltered fetches of
  /// one texel for a pixel-aligned picture, filtered samples at `st` otherwise. A plane `use`
  /// leaves out is not read; its neutral value stands in, which the pass's output does not
  /// depend on.
  static func sampleLines(
    _ layout: PlaneLayout, aligned: Bool, use: PlaneUse, target: StackTarget
  ) -> [String] {
    let plane = planeSamplers(layout)
    let (shiftX, shiftY) = layout.chromaShift
    var lines: [String] = []
    if aligned { lines.append("ivec2 texel = alignedTexel(q);") }
    let fetch = { (sampler: String) in
      aligned ? "texelFetch(\(sampler), texel, 0)" : "texture(\(sampler), st)"
    }
    // Subsampled chroma is interpolated even for an aligned picture, so a key's edge is as
    // smooth as a fused layer's wherever the layer is; at a chroma sample's own centre (the
    // chroma pass of a layer on the 2×2 grid) filtering gives the sample itself.
    let chromaFetch = { (sampler: String) in
      aligned && shiftX == 0 && shiftY == 0
        ? "texelFetch(\(sampler), texel, 0)" : "texture(\(sampler), st)"
    }
    switch layout {
    case .rgba8:
      return lines + [
        "vec4 picture = \(fetch(plane[0]));", "vec3 rgb = toRGB(picture.rgb);",
        "alpha *= picture.a;",
      ]
    case .rgba8Premultiplied:
      // Filtered premultiplied, then divided by alpha: a scaled picture's edges keep their
      // colour instead of darkening towards the transparent pixels' (usually black) colour.
      return lines + [
        "vec4 picture = \(fetch(plane[0]));", "vec3 rgb = toRGB(unpremultiply(picture));",
        "alpha *= picture.a;",
      ]
    case .nv12:
      let y = use == .chroma ? "0.5" : "\(fetch(plane[0])).r"
      let cbcr = use == .luma ? "vec2(0.5)" : "\(chromaFetch(plane[1])).rg"
      lines.append("vec3 rgb = toRGB(vec3(\(y), \(cbcr)));")
    case .yuv420p10, .yuv422p10, .yuv444p10:
      let y = use == .chroma ? "0.5" : "wide(\(fetch(plane[0])).rg)"
      let cb = use == .luma ? "0.5" : "wide(\(chromaFetch(plane[1])).rg)"
      let cr = use == .luma ? "0.5" : "wide(\(chromaFetch(plane[2])).rg)"
      lines.append("vec3 rgb = toRGB(vec3(\(y), \(cb), \(cr)));")
    case .yuv420p8, .yuv422p8, .yuv444p8, .yuva420p8, .yuva444p8:
      let y = use == .chroma ? "0.5" : "\(fetch(plane[0])).r"
      let cb = use == .luma ? "0.5" : "\(chromaFetch(plane[1])).r"
      let cr = use == .luma ? "0.5" : "\(chromaFetch(plane[2])).r"
      lines.append("vec3 rgb = toRGB(vec3(\(y), \(cb), \(cr)));")
    case .yuva420p8Premultiplied:
      return lines
        + premultipliedLines(
          plane, fetch: fetch, chromaFetch: chromaFetch, use: use, target: target)
    }
    if layout == .yuva420p8 || layout == .yuva444p8 {
      lines.append("alpha *= \(fetch(plane[3])).r;")
    }
    return lines
  }

  /// `sampleLines` for a `yuva420p8Premultiplied` picture (a composition drawn over a
  /// transparent background): each premultiplied plane filtered (or fetched, where aligned,
  /// as the other layouts are), then divided by alpha sampled to match, as `rgba8Premultiplied`
  /// is, so a scaled picture's edges keep their colour instead of darkening or turning green
  /// towards its transparent samples (premultiplied zero is Y′ 0, and Cb and Cr 0 where grey
  /// has 0.5). Y′ takes the alpha at its own sample; Cb and Cr the alpha at the same picture
  /// coordinate as their chroma has it (`subsampledAlpha`: at a chroma sample's centre the mean
  /// of the four alphas it stands for, the alpha its Cb·α and Cr·α were premultiplied with by
  /// `ChromaAlphaPass`). The layer's alpha is the one of the samples the pass writes.
  private static func premultipliedLines(
    _ plane: [String], fetch: (String) -> String, chromaFetch: (String) -> String,
    use: PlaneUse, target: StackTarget
  ) -> [String] {
    var lines: [String] = []
    var (y, cb, cr) = ("0.5", "0.5", "0.5")
    if use != .chroma {
      lines.append("float lumaAlpha = \(fetch(plane[3])).r;")
      y = "unpremultiply(\(fetch(plane[0])).r, lumaAlpha, 0.0)"
    }
    if use != .luma {
      lines.append("float chromaAlpha = subsampledAlpha(\(plane[3]), \(plane[1]), st);")
      cb = "unpremultiply(\(chromaFetch(plane[1])).r, chromaAlpha, 0.5)"
      cr = "unpremultiply(\(chromaFetch(plane[2])).r, chromaAlpha, 0.5)"
    }
    return lines + [
      "vec3 rgb = toRGB(vec3(\(y), \(cb), \(cr)));",
      "alpha *= \(target == .luma ? "lumaAlpha" : "chromaAlpha");",
    ]
  }

  /// Which planes the pass writing `target` needs, for a picture with `layout` whose
  /// preparation applies `effects`.
  func planeUse(_ layout: PlaneLayout, effects: [EffectCode], target: StackTarget) -> PlaneUse {
    guard !layout.isRGB, !effects.contains(where: \.readsColor) else { return .all }
    switch target {
    case .chroma: return .chroma
    case .luma: return ColorConversion.toOutput.after(toRGB).lumaReadsChroma ? .all : .luma
    }
  }
}

extension SIMD3 where Scalar == Float {
  init(_ value: SIMD3<Double>) {
    self.init(Float(value.x), Float(value.y), Float(value.z))
  }
}

extension SIMD4 where Scalar == Float {
  init(_ value: SIMD4<Double>) {
    self.init(Float(value.x), Float(value.y), Float(value.z), Float(value.w))
  }
}

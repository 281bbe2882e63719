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

  var uniformMembers: [(name: String, value: UniformValue)] {
    let encode = ColorConversion.toOutput
    return [
      ("origin", .vec2(SIMD2(Float(origin.x), Float(origin.y)))),
      ("xRow", .vec3(SIMD3<Float>(geometry.xRow))),
      ("yRow", .vec3(SIMD3<Float>(geometry.yRow))),
      ("sRow", .vec3(SIMD3<Float>(geometry.sRow))),
      ("tRow", .vec3(SIMD3<Float>(geometry.tRow))),
      ("clip", .vec4(SIMD4<Float>(geometry.clip))),
      ("toRGB", .mat3(toRGB.matrix)),
      ("rgbOffset", .vec3(toRGB.offset)),
      ("encodeMatrix", .mat3(encode.matrix)),
      ("encodeOffset", .vec3(encode.offset)),
      (
        "texelOrigin",
        .vec2(SIMD2(Float(geometry.picture.x), Float(geometry.picture.y)))
      ),
      ("lastTexel", .vec2(SIMD2(Float(lastTexel.x), Float(lastTexel.y)))),
    ]
  }

  // MARK: - Generated code

  /// The sampler names of the picture's planes.
  static func planeSamplers(_ layout: PlaneLayout) -> [String] {
    (0..<layout.planeCount).map { "plane\($0)" }
  }

  /// The lines of `prepared()` that set `rgb` (and for pictures with alpha multiply `alpha`)
  /// from the picture at this position: unfiltered fetches of one texel for a pixel-aligned
  /// picture, filtered samples at `st` otherwise.
  static func sampleLines(_ layout: PlaneLayout, aligned: Bool) -> [String] {
    let plane = planeSamplers(layout)
    let (shiftX, shiftY) = layout.chromaShift
    let shift = "ivec2(\(shiftX), \(shiftY))"
    var lines: [String] = []
    if aligned { lines.append("ivec2 texel = alignedTexel(q);") }
    let fetch = { (sampler: String) in
      aligned ? "texelFetch(\(sampler), texel, 0)" : "texture(\(sampler), st)"
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
      lines.append(
        aligned
          ? "vec3 rgb = toRGB(fetchSemiPlanar(\(plane[0]), \(plane[1]), texel));"
          : "vec3 rgb = toRGB(sampleSemiPlanar(\(plane[0]), \(plane[1]), st));")
    case .yuv420p10, .yuv422p10, .yuv444p10:
      lines.append(
        aligned
          ? "vec3 rgb = toRGB(fetchPlanarWide(\(plane[0]), \(plane[1]), \(plane[2]), texel, \(shift)));"
          : "vec3 rgb = toRGB(samplePlanarWide(\(plane[0]), \(plane[1]), \(plane[2]), st));")
    case .yuv420p8, .yuv422p8, .yuv444p8, .yuva420p8, .yuva444p8:
      lines.append(
        aligned
          ? "vec3 rgb = toRGB(fetchPlanar(\(plane[0]), \(plane[1]), \(plane[2]), texel, \(shift)));"
          : "vec3 rgb = toRGB(samplePlanar(\(plane[0]), \(plane[1]), \(plane[2]), st));")
    }
    if layout == .yuva420p8 || layout == .yuva444p8 {
      lines.append("alpha *= \(fetch(plane[3])).r;")
    }
    return lines
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

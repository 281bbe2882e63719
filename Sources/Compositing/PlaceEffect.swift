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

  // MARK: - Specialisation

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

  /// The `#define`s that specialise `PlaceMain.frag` to read a picture in `layout`: which
  /// planes it has, whether each pixel fetches its texel unfiltered (`aligned`: the picture
  /// lies pixel for pixel on the output), and which planes the pass reads (`use`).
  static func pictureDefines(_ layout: PlaneLayout, aligned: Bool, use: PlaneUse) -> [String] {
    var defines: [String]
    switch layout {
    case .rgba8: defines = ["PICTURE_RGBA"]
    case .rgba8Premultiplied: defines = ["PICTURE_RGBA_PREMULTIPLIED"]
    case .nv12: defines = ["PICTURE_NV12"]
    case .yuva420p8Premultiplied: defines = ["PICTURE_YUVA_PREMULTIPLIED"]
    case .yuv420p10, .yuv422p10, .yuv444p10: defines = ["PICTURE_WIDE"]
    case .yuv420p8, .yuv422p8, .yuv444p8: defines = []
    case .yuva420p8, .yuva444p8: defines = ["PICTURE_ALPHA_PLANE"]
    }
    if aligned {
      defines.append("ALIGNED")
      if layout.chromaShift == (0, 0) { defines.append("ALIGNED_CHROMA") }
    }
    switch use {
    case .all: break
    case .luma: defines.append("READ_LUMA_ONLY")
    case .chroma: defines.append("READ_CHROMA_ONLY")
    }
    return defines
  }

  /// Which planes the pass writing `target` needs, for a picture with `layout` whose
  /// preparation applies `effects`.
  func planeUse(_ layout: PlaneLayout, effects: [EffectCode], target: PreparedPlane) -> PlaneUse {
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

import GPU
import Media
import RenderPlan

/// A layer the stacking pass prepares inside itself (`Stack.frag`): an 8-bit 4:2:0 picture
/// placed pixel for pixel on the output, read from its planes as decoded (Y′ sixteen samples to
/// an RGBA32UI texel, Cb and Cr eight to an RG32UI texel), with a key and a luma matte of its
/// own size if it has them. The result is the preparation's (`Place.frag`) within rounding;
/// it saves a pass over every pixel of a full-frame video, which on llvmpipe is most of a
/// frame's time.
struct FusedLayer {
  /// What the stacking program needs to know of the layer (`StackMain.frag`'s flags).
  struct Recipe: Hashable {
    var keyed: Bool
    var matted: Bool
    /// Whether the output's Y′ depends on the layer's Cb and Cr (a source with another matrix
    /// than the output's): if not, the stacking pass weighs no chroma into Y′.
    var lumaNeedsChroma: Bool
    /// Whether the output's Cb and Cr depend on the layer's Y′ (only with another matrix): if
    /// not, the stacking pass weighs no luma into them.
    var chromaNeedsLuma: Bool
  }

  var recipe: Recipe
  /// The picture's top-left pixel in the output: x a multiple of 16, y of 2.
  var position: SIMD2<Int>
  /// The picture's width (a multiple of 8) and height (even).
  var size: SIMD2<Int>
  /// Y′ (sixteen samples a texel), Cb and Cr (eight a texel).
  var planes: PictureTextures
  /// The key's alpha and spill excess for each chroma sample, four a texel (`FusedKeyPass`).
  var keying: Framebuffer?
  /// The matte's Y′, sixteen samples a texel.
  var matte: PictureTextures?
  var folded: FoldedLayerColor
  var matteEffect: MatteEffect?
  var opacity: Double

  /// The output pixels the picture covers: x0, y0, x1, y1.
  var span: SIMD4<Int> {
    SIMD4(position.x, position.y, position.x + size.x, position.y + size.y)
  }

  /// Whether a layer can be fused: its picture 8-bit 4:2:0 without alpha (and a matte, if any,
  /// 8-bit with a luma plane of the same size, read alone: not premultiplied), placed pixel for
  /// pixel and whole inside its box, starting on the 16×2 grid (its width a multiple of 8), with
  /// rows that hold whole texels of 16 luma or 8 chroma samples, the last one padded.
  static func canFuse(picture: DecodedFrame, matte: DecodedFrame?, geometry: LayerGeometry)
    -> Bool
  {
    let place = geometry.picture
    let whole = SIMD4(place.x, place.y, place.x + place.z, place.y + place.w)
    guard picture.layout == .yuv420p8, picture.width % 8 == 0, picture.height % 2 == 0,
      geometry.isPixelAligned, place.x.isFinite, place.y.isFinite, abs(place.x) < 1e9,
      abs(place.y) < 1e9, geometry.clip == whole, Int(place.x).isMultiple(of: 16),
      Int(place.y).isMultiple(of: 2), rowsPack(picture, planes: 3)
    else { return false }
    guard let matte else { return true }
    return !matte.layout.isRGB && matte.layout.bitDepth == 8
      && matte.layout != .yuva420p8Premultiplied && matte.width == picture.width
      && matte.height == picture.height && rowsPack(matte, planes: 1)
  }

  /// Whether each plane's rows start on whole texels of its packed texture
  /// (`PictureTextures.packedFormat`) and hold its last texel whole, padding included: a
  /// picture 8 pixels more than a multiple of 16 wide fills half of it.
  private static func rowsPack(_ frame: DecodedFrame, planes: Int) -> Bool {
    (0..<planes).allSatisfy { plane in
      let texelBytes = PictureTextures.packedFormat(plane: plane).bytesPerPixel
      let width = frame.layout.planeSize(plane, width: frame.width, height: frame.height).width
      let texels = (width + texelBytes - 1) / texelBytes
      return frame.withPaddedPlane(plane) { bytes, bytesPerRow, _, rows in
        bytesPerRow.isMultiple(of: texelBytes) && bytesPerRow >= texels * texelBytes
          && bytes.count >= bytesPerRow * (rows - 1) + texels * texelBytes
      }
    }
  }

  /// The layer's `Fused` uniform, in half stacking fragments: eight pixels by two rows, one
  /// texel of the key pass's targets.
  var uniforms: FusedUniforms {
    FusedUniforms(
      origin: SIMD2(Double(position.x) / 8, Double(position.y) / 2),
      size: SIMD2(Double(size.x) / 8, Double(size.y) / 2), folded: folded, opacity: opacity)
  }
}

/// `Stack.frag`'s `Fused` struct.
struct FusedUniforms: UniformGroup {
  var origin: SIMD2<Double>
  var size: SIMD2<Double>
  var folded: FoldedLayerColor
  var opacity: Double

  var uniformMembers: [UniformMember] {
    [
      UniformMember("origin", .vec2(SIMD2(Float(origin.x), Float(origin.y)))),
      UniformMember("size", .vec2(SIMD2(Float(size.x), Float(size.y)))),
      UniformMember("toOutput", .mat3(folded.toOutput.matrix)),
      UniformMember("outputOffset", .vec3(folded.toOutput.offset)),
      UniformMember("keyCbRow", .vec3(SIMD3<Float>(folded.keyCbRow))),
      UniformMember("keyCrRow", .vec3(SIMD3<Float>(folded.keyCrRow))),
      UniformMember(
        "keyOffset", .vec2(SIMD2(Float(folded.keyOffset.x), Float(folded.keyOffset.y)))),
      UniformMember("spillRow", .vec3(SIMD3<Float>(folded.spillRow))),
      UniformMember("spillOffset", .float(Float(folded.spillOffset))),
      UniformMember("spillShift", .vec3(SIMD3<Float>(folded.spillShift))),
      UniformMember("opacity", .float(Float(opacity))),
    ]
  }
}

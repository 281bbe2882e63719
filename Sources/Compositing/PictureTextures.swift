import GPU
import Media

/// The textures one stream's pictures are uploaded into: one per plane, as the decoder laid
/// them out, so the shader reads Y′, Cb and Cr directly and the CPU converts nothing.
///
/// A 10-bit plane goes into an RG8 texture (its low and high bytes), which filters exactly (see
/// `Place.frag`'s `wide`); NV12's interleaved chroma likewise into RG8. Packed textures (for a
/// layer the stacking pass fuses, `Stack.frag`) hold the same bytes in fewer texels: sixteen
/// samples of a luma row to an RGBA32UI texel, eight of a chroma row to an RG32UI texel, the
/// last texel of a row taking the row's padding where the plane ends halfway through it.
final class PictureTextures {
  let layout: PlaneLayout
  let width: Int
  let height: Int
  /// By plane.
  let textures: [Texture]
  /// The frame the textures hold, so a held or repeated frame is not uploaded again.
  private var uploaded: DecodedFrame?

  /// Textures for pictures of `layout`, `width` × `height`; `planes` limits them to the first
  /// planes (a matte needs only its luma).
  init(
    context: GPUContext, layout: PlaneLayout, width: Int, height: Int, planes: Int? = nil,
    packed: Bool = false
  ) throws {
    // Packed: 8-bit 4:2:0 planes, or just the luma plane of any 8-bit Y′CbCr picture (a matte).
    precondition(
      !packed
        || (width % 8 == 0
          && (layout == .yuv420p8 || (planes == 1 && !layout.isRGB && layout.bitDepth == 8))),
      "packing needs 8-bit 4:2:0 (or an 8-bit luma plane) and a width that is a multiple of 8")
    self.layout = layout
    self.width = width
    self.height = height
    textures = try (0..<(planes ?? layout.planeCount)).map { plane in
      let size = layout.planeSize(plane, width: width, height: height)
      let format = packed ? Self.packedFormat(plane: plane) : Self.format(layout, plane: plane)
      let texels = (size.width + format.bytesPerPixel - 1) / format.bytesPerPixel
      return try Texture(
        context: context, width: packed ? texels : size.width, height: size.height,
        format: format)
    }
  }

  /// A packed plane's texel: sixteen luma samples, or eight chroma samples (a fused layer's
  /// chroma texel covers the same 16 × 2 pixels as its luma texels of two rows).
  static func packedFormat(plane: Int) -> Texture.Format {
    plane == 0 ? .rgba32ui : .rg32ui
  }

  /// Whether `frame` fits these textures.
  func fits(_ frame: DecodedFrame) -> Bool {
    frame.layout == layout && frame.width == width && frame.height == height
  }

  /// Uploads `frame`'s planes, unless they are already there. A packed plane's last texel of
  /// a row may take the row's padding, the last row's too (`withPaddedPlane`).
  func upload(_ frame: DecodedFrame) throws {
    guard uploaded !== frame else { return }
    uploaded = nil
    for (plane, texture) in textures.enumerated() {
      try frame.withPaddedPlane(plane) { bytes, bytesPerRow, _, _ in
        try texture.upload(bytes, bytesPerRow: bytesPerRow)
      }
    }
    uploaded = frame
  }

  private static func format(_ layout: PlaneLayout, plane: Int) -> Texture.Format {
    if layout.isRGB { return .rgba8 }
    let bytes = layout.bytesPerElement(plane: plane)
    return bytes == 2 ? .rg8 : .r8
  }
}

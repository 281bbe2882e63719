/// How a decoded picture's samples lie in memory: the formats the GPU uploads as they are.
///
/// Y′CbCr layouts hold one plane per component (Y, Cb, Cr, then A), except `nv12`, whose
/// second plane interleaves Cb and Cr. Each plane becomes one texture: one component per
/// element (R8 or R16), two for `nv12`'s chroma (RG8), four for `rgba8` (RGBA8). The 10-bit
/// layouts keep each sample in the low 10 bits of a little-endian 16-bit word, as FFmpeg does.
///
/// The decoder converts every other pixel format on the CPU (see `VideoDecoder`): RGB-family
/// and palette formats to `rgba8`, Y′CbCr formats with alpha to `yuva444p8`, the rest to
/// `yuv444p10` above 8 bits and to `yuv444p8` otherwise. No decoder produces
/// `yuva420p8Premultiplied`: it is the form of a composition drawn into a picture.
public enum PlaneLayout: String, Sendable, CaseIterable {
  /// 4:2:0, 8-bit planes Y, Cb, Cr; chroma at half width and half height.
  case yuv420p8
  /// 4:2:2, 8-bit planes Y, Cb, Cr; chroma at half width, full height.
  case yuv422p8
  /// 4:4:4, 8-bit planes Y, Cb, Cr, all full size.
  case yuv444p8
  /// 4:2:0, an 8-bit Y plane and one plane of interleaved Cb, Cr pairs at half size.
  case nv12
  /// 4:2:0, 10 bits in 16-bit little-endian words; planes Y, Cb, Cr.
  case yuv420p10
  /// 4:2:2, 10 bits in 16-bit little-endian words; planes Y, Cb, Cr.
  case yuv422p10
  /// 4:4:4, 10 bits in 16-bit little-endian words; planes Y, Cb, Cr.
  case yuv444p10
  /// 4:2:0 with alpha, 8-bit planes Y, Cb, Cr, A; Y and A full size.
  case yuva420p8
  /// 4:4:4 with alpha, 8-bit planes Y, Cb, Cr, A, all full size.
  case yuva444p8
  /// 4:2:0 with alpha, 8-bit planes Y′·α, Cb·α, Cr·α and α (stored as `yuva420p`); Y′·α and
  /// α full size. The colour is premultiplied by alpha: a stored code / 255 is the product of
  /// α and the normalised sample (Y′, Cb or Cr, code / 255, in its matrix and range), so a
  /// transparent pixel holds 0 in every plane. The form of a composition drawn over a
  /// transparent background into a picture that another composition draws as a layer;
  /// premultiplied for the same reason as `rgba8Premultiplied`: filtering a scaled picture
  /// never pulls the colour of transparent pixels into its edges.
  case yuva420p8Premultiplied
  /// One plane of 8-bit R′, G′, B′, A per pixel (straight alpha, 255 where the source had
  /// none); the colour matrix and range do not apply.
  case rgba8
  /// As `rgba8`, with R′, G′ and B′ premultiplied by alpha: the form still pictures and text
  /// take, so that filtering a scaled picture never pulls the colour of transparent pixels
  /// into its edges.
  case rgba8Premultiplied

  /// The number of planes.
  public var planeCount: Int {
    switch self {
    case .nv12: 2
    case .rgba8, .rgba8Premultiplied: 1
    case .yuva420p8, .yuva444p8, .yuva420p8Premultiplied: 4
    default: 3
    }
  }

  /// Significant bits in each component sample.
  public var bitDepth: Int {
    switch self {
    case .yuv420p10, .yuv422p10, .yuv444p10: 10
    default: 8
    }
  }

  /// True for the RGBA layouts, which carry R′G′B′ rather than Y′CbCr.
  public var isRGB: Bool { self == .rgba8 || self == .rgba8Premultiplied }

  /// True when the picture carries its own alpha.
  public var hasAlpha: Bool {
    switch self {
    case .yuva420p8, .yuva444p8, .yuva420p8Premultiplied, .rgba8, .rgba8Premultiplied: true
    default: false
    }
  }

  /// Components stored together in one element of `plane`: 1, 2 (`nv12` chroma) or 4 (`rgba8`).
  public func componentsPerElement(plane: Int) -> Int {
    switch self {
    case .rgba8, .rgba8Premultiplied: 4
    case .nv12: plane == 1 ? 2 : 1
    default: 1
    }
  }

  /// Bytes in one element of `plane`.
  public func bytesPerElement(plane: Int) -> Int {
    componentsPerElement(plane: plane) * (bitDepth > 8 ? 2 : 1)
  }

  /// The size of `plane` in elements for a picture of `width` × `height` pixels; a subsampled
  /// plane rounds up, so an odd-sized 4:2:0 picture still has chroma for its last column and row.
  public func planeSize(_ plane: Int, width: Int, height: Int) -> (width: Int, height: Int) {
    let isChroma = (plane == 1 || plane == 2) && !isRGB
    guard isChroma else { return (width, height) }
    let (x, y) = chromaShift
    return ((width + (1 << x) - 1) >> x, (height + (1 << y) - 1) >> y)
  }

  /// log2 of the chroma subsampling, horizontally and vertically.
  public var chromaShift: (Int, Int) {
    switch self {
    case .yuv420p8, .nv12, .yuv420p10, .yuva420p8, .yuva420p8Premultiplied: (1, 1)
    case .yuv422p8, .yuv422p10: (1, 0)
    case .yuv444p8, .yuv444p10, .yuva444p8, .rgba8, .rgba8Premultiplied: (0, 0)
    }
  }
}

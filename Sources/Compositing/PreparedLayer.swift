import GPU
import Media

/// Which of a prepared layer's planes a pass (a preparation, a transition, an effect) writes.
enum PreparedPlane: Hashable {
  /// Y′·α and α at full size, four samples a texel.
  case luma
  /// Cb·α, Cr·α and α at half size, four samples a texel.
  case chroma
}

/// A layer prepared for the stacking pass (`Place.frag`): premultiplied Y′CbCr and alpha on
/// the output's pixel grid over the layer's bounding box, four samples to an RGBA8 texel.
///
/// It remembers what it holds, so a held frame, a still, a text or a fill that has not moved
/// is not prepared again; opacity is not part of it (the stacking pass applies it).
final class PreparedLayer {
  /// x0, y0, x1, y1 in output pixels: x on multiples of 8 and y on multiples of 2, so the
  /// box lies on whole texels of the luma and chroma textures and of the stacking targets.
  private(set) var bounds: SIMD4<Int>
  /// The largest bounds size the textures hold (width a multiple of 8, height even): a layer
  /// that moves, or slides in over the frame's edge, keeps its textures while it fits.
  let capacity: SIMD2<Int>
  /// Y′·α (attachment 0) and α (attachment 1): `capacity.x / 4 × capacity.y` texels, of
  /// which the bounds' size from the first texel is the layer's.
  let luma: Framebuffer
  /// Cb·α, Cr·α and α at chroma resolution: `capacity.x / 8 × capacity.y / 2` texels.
  let chroma: Framebuffer
  /// What the textures hold, or nil before the first preparation.
  var content: Content?

  /// The inputs of one preparation: the same pictures, geometry and effect settings give the
  /// same textures.
  struct Content {
    var picture: DecodedFrame
    var matte: DecodedFrame?
    var geometry: LayerGeometry
    /// Each effect's uniform values, in order.
    var effects: [[UniformMember]]
    /// The effects drawn in passes of their own.
    var passes = PassEffects()

    func isSame(as other: Content) -> Bool {
      picture === other.picture && matte === other.matte && geometry == other.geometry
        && effects == other.effects && passes == other.passes
    }
  }

  /// Textures for `bounds`, made `capacity` large (at least the bounds' size).
  init(context: GPUContext, bounds: SIMD4<Int>, capacity: SIMD2<Int>) throws {
    self.bounds = bounds
    self.capacity = capacity
    precondition(
      Self.isOnGrid(bounds) && capacity.x % 8 == 0 && capacity.y % 2 == 0
        && capacity.x >= bounds.z - bounds.x && capacity.y >= bounds.w - bounds.y,
      "bounds \(bounds) are not on the 8×2 grid, or exceed \(capacity)")
    luma = try Framebuffer(
      textures: (0..<2).map { _ in
        try Texture(context: context, width: capacity.x / 4, height: capacity.y, format: .rgba8)
      })
    chroma = try Framebuffer(
      textures: (0..<3).map { _ in
        try Texture(
          context: context, width: capacity.x / 8, height: capacity.y / 2, format: .rgba8)
      })
  }

  /// The capacity to make for bounds of `size`: at least `size`, with no texture side a power
  /// of two. llvmpipe compiles a fragment shader once for every combination of its textures'
  /// sides being powers of two or not (a key of its shader variants), and a stacking program
  /// samples twenty prepared textures: moving layers whose sides happened to be 8 or 16 texels
  /// one frame and 6 or 12 the next made a cold render of 100 moving fills compile for seconds.
  /// Every side not a power of two gives each program one variant; the texels past the bounds
  /// are never read.
  static func capacity(holding size: SIMD2<Int>) -> SIMD2<Int> {
    // Luma textures are `x / 4` wide and `y` high, chroma `x / 8` by `y / 2`: a chroma side
    // that is no power of two (and at least 3) makes its double none either.
    func sideWithoutPowerOfTwo(_ n: Int) -> Int {
      let side = max(3, n)
      return side & (side - 1) == 0 ? side + 1 : side
    }
    return SIMD2(
      8 * sideWithoutPowerOfTwo((size.x + 7) / 8), 2 * sideWithoutPowerOfTwo((size.y + 1) / 2))
  }

  /// The size of the bounds.
  var size: SIMD2<Int> { SIMD2(bounds.z - bounds.x, bounds.w - bounds.y) }

  /// The texels of the `target` plane's textures that hold the bounds (x, y, width, height
  /// from the first texel): only that part of textures that may be larger is drawn.
  func region(_ target: PreparedPlane) -> SIMD4<Int32> {
    target == .luma
      ? SIMD4(0, 0, Int32(size.x / 4), Int32(size.y))
      : SIMD4(0, 0, Int32(size.x / 8), Int32(size.y / 2))
  }

  /// Whether `bounds` fit the textures.
  func fits(_ bounds: SIMD4<Int>) -> Bool {
    bounds.z - bounds.x <= capacity.x && bounds.w - bounds.y <= capacity.y
  }

  /// Moves the textures to `bounds`, which must fit them; what they hold is no longer
  /// prepared.
  func move(to bounds: SIMD4<Int>) {
    precondition(Self.isOnGrid(bounds) && fits(bounds), "\(bounds) does not fit \(capacity)")
    guard bounds != self.bounds else { return }
    self.bounds = bounds
    content = nil
  }

  private static func isOnGrid(_ bounds: SIMD4<Int>) -> Bool {
    let width = bounds.z - bounds.x
    let height = bounds.w - bounds.y
    return width > 0 && height > 0 && width % 8 == 0 && height % 2 == 0 && bounds.x % 8 == 0
      && bounds.y % 2 == 0
  }

  /// The bounding box of `geometry` on the 8×2 grid, grown by `reach` (left, top, right,
  /// bottom: how far its effects draw past it) and cut to a `width` × `height` frame (its
  /// width a multiple of 8), or nil where nothing of the layer is on the frame.
  static func bounds(
    of geometry: LayerGeometry, reach: SIMD4<Double> = .zero, width: Int, height: Int
  ) -> SIMD4<Int>? {
    let clip = geometry.clip
    guard clip.x < clip.z, clip.y < clip.w else { return nil }
    let b = geometry.bounds + SIMD4(-reach.x, -reach.y, reach.z, reach.w)
    guard b.x.isFinite, b.y.isFinite, b.z.isFinite, b.w.isFinite else { return nil }
    let clamped = SIMD4(
      min(max(b.x, 0), Double(width)), min(max(b.y, 0), Double(height)),
      min(max(b.z, 0), Double(width)), min(max(b.w, 0), Double(height)))
    let x0 = Int(clamped.x.rounded(.down)) / 8 * 8
    let y0 = Int(clamped.y.rounded(.down)) / 2 * 2
    let x1 = (Int(clamped.z.rounded(.up)) + 7) / 8 * 8
    let y1 = (Int(clamped.w.rounded(.up)) + 1) / 2 * 2
    guard x0 < x1, y0 < y1 else { return nil }
    return SIMD4(x0, y0, min(x1, width), min(y1, height))
  }
}

import GPU
import Media
import PlanValues
import RenderPlan

/// Composites a frame's layers on the GPU, straight into the output's planes, in two steps
/// (ARCHITECTURE.md, "Compositor, version 2"):
///
/// 1. Each layer is prepared only when what it shows changes (`LayerPreparation`): a new
///    source frame, or a new place. A still is prepared once for the render; a held frame is
///    never prepared twice. A layer already on the output's pixel grid as 8-bit 4:2:0 is
///    instead fused into step 2 (`FusedLayer`), which reads its planes as decoded.
/// 2. One stacking pass per output plane (`StackPass`) blends the layers, bottom first, region
///    by region.
///
/// Used from one thread: the one its context is current on.
final class VideoCompositor {
  let context: GPUContext
  let width: Int
  let height: Int
  /// Whether layers that qualify are fused into the stacking pass rather than prepared; off
  /// only to check that both give the same picture.
  let fusing: Bool
  /// The width of the stacking targets: the output's, rounded up to a multiple of 8.
  private let stackWidth: Int
  /// The background in the output's Y′CbCr, 0…1.
  private let background: SIMD3<Double>
  private let slots: [LayerSlot]
  private let preparation: LayerPreparation
  private let stack: StackPass
  private var keyPass: FusedKeyPass?
  private var scratch: [UInt8] = []

  init(
    context: GPUContext, width: Int, height: Int, background: RGBColor, styles: [LayerStyle],
    fusing: Bool = true
  ) {
    precondition(width > 0 && height > 0 && width % 2 == 0 && height % 2 == 0)
    self.context = context
    self.width = width
    self.height = height
    self.fusing = fusing
    stackWidth = (width + 7) / 8 * 8
    self.background = ColorConversion.toOutput.apply(ColorConversion.rgb(background))
    slots = styles.map(LayerSlot.init)
    preparation = LayerPreparation(context: context)
    stack = StackPass(context: context, width: stackWidth, height: height)
  }

  /// How many layer preparations have run: each is a pass over a layer's bounding box.
  var preparations: Int { preparation.count }

  /// Draws `draws` (bottom first) into `frame`'s three planes.
  func composite(_ draws: [LayerDraw], into frame: EncoderFrame) throws {
    let layers = try stackLayers(draws)
    let luma = try stack.run(layers, target: .luma, background: background)
    try frame.withMutablePlane(0) { bytes, bytesPerRow, width, _ in
      // Even rows are the first target's, odd rows the second's.
      for attachment in 0..<2 {
        try PlaneReadback.read(
          luma, attachment: attachment, into: bytes, bytesPerRow: bytesPerRow,
          firstRow: attachment, rowStep: 2, width: width, scratch: &scratch)
      }
    }
    let chroma = try stack.run(layers, target: .chroma, background: background)
    for plane in 1...2 {
      try frame.withMutablePlane(plane) { bytes, bytesPerRow, width, _ in
        try PlaneReadback.read(
          chroma, attachment: plane - 1, into: bytes, bytesPerRow: bytesPerRow, firstRow: 0,
          rowStep: 1, width: width, scratch: &scratch)
      }
    }
  }

  /// Draws `draws` (bottom first) and returns the output's planes as they would be encoded.
  func composite(_ draws: [LayerDraw]) throws -> YCbCrPicture {
    var picture = YCbCrPicture(width: width, height: height)
    let layers = try stackLayers(draws)
    let luma = try stack.run(layers, target: .luma, background: background)
    try picture.y.withUnsafeMutableBytes { bytes in
      for attachment in 0..<2 {
        try PlaneReadback.read(
          luma, attachment: attachment, into: bytes, bytesPerRow: width, firstRow: attachment,
          rowStep: 2, width: width, scratch: &scratch)
      }
    }
    let chroma = try stack.run(layers, target: .chroma, background: background)
    try picture.cb.withUnsafeMutableBytes { bytes in
      try PlaneReadback.read(
        chroma, attachment: 0, into: bytes, bytesPerRow: width / 2, firstRow: 0, rowStep: 1,
        width: width / 2, scratch: &scratch)
    }
    try picture.cr.withUnsafeMutableBytes { bytes in
      try PlaneReadback.read(
        chroma, attachment: 1, into: bytes, bytesPerRow: width / 2, firstRow: 0, rowStep: 1,
        width: width / 2, scratch: &scratch)
    }
    return picture
  }

  /// Each draw as the stacking pass reads it: fused where it can be, else prepared (only if
  /// what it shows changed); a layer wholly off the frame is left out.
  ///
  /// A layer's frames are one run, so a slot not drawn on this frame is done with (or not yet
  /// begun): its textures are let go, and GPU memory holds only the layers on the frame.
  private func stackLayers(_ draws: [LayerDraw]) throws -> [StackLayer] {
    let drawn = Set(draws.map(\.layer))
    for (index, slot) in slots.enumerated() where !drawn.contains(index) {
      slot.release()
    }
    return try draws.compactMap { draw in
      let slot = slots[draw.layer]
      let geometry = slot.geometry(draw)
      if fusing,
        FusedLayer.canFuse(picture: draw.picture, matte: draw.matte, geometry: geometry)
      {
        // Wholly off the frame: nothing to upload or key.
        let place = geometry.picture
        guard place.x < Double(stackWidth), place.y < Double(height), place.x + place.z > 0,
          place.y + place.w > 0
        else { return nil }
        return try slot.fuse(
          draw, geometry: geometry, context: context, keyPass: fusedKeyPass)
      }
      return try slot.prepare(
        draw, geometry: geometry, width: stackWidth, height: height, using: preparation)
    }
  }

  private func fusedKeyPass() throws -> FusedKeyPass {
    if let keyPass { return keyPass }
    let made = try FusedKeyPass(context: context)
    keyPass = made
    return made
  }
}

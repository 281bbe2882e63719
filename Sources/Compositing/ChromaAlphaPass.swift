import GPU

/// Over a transparent background, the last step of stacking Cb and Cr (`ChromaAlpha.frag`):
/// the stacking pass leaves them premultiplied by the alpha it stacked at chroma resolution,
/// one sample of each layer for four pixels, and this pass premultiplies them instead by the
/// mean of the four luma alphas each chroma sample stands for. A picture keeps only the luma's
/// alpha (`PlaneLayout.yuva420p8Premultiplied`), and whoever draws it divides its Cb·α and
/// Cr·α by that mean (`PlaceEffect`); with the chroma's own alpha in them instead, a soft
/// edge's colour would come back scaled by the two alphas' ratio.
final class ChromaAlphaPass {
  private let program: ShaderProgram
  /// Cb and Cr, four samples a texel, as the picture holds them.
  private let target: Framebuffer

  /// A pass for stacking targets `width` (a multiple of 16) × `height` output pixels.
  init(context: GPUContext, width: Int, height: Int) throws {
    program = try AssembledProgram.make(
      context: context, parts: ["PackedSamples.frag", "ChromaAlpha.frag"])
    target = try Framebuffer(
      textures: (0..<2).map { _ in
        try Texture(context: context, width: width / 8, height: height / 2, format: .rgba8)
      })
  }

  /// `stacked`'s Cb·α and Cr·α (attachments 2 and 3), premultiplied by their chroma alpha (6),
  /// premultiplied instead by its luma alpha (4 and 5): Cb and Cr in attachments 0 and 1.
  func run(stacked: Framebuffer) throws -> Framebuffer {
    try program.draw(
      into: target,
      textures: [
        "stackedCb": stacked.textures[2], "stackedCr": stacked.textures[3],
        "stackedAlpha": stacked.textures[6], "topAlpha": stacked.textures[4],
        "bottomAlpha": stacked.textures[5],
      ])
    return target
  }
}

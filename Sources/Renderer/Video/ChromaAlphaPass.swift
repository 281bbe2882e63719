import GPU

/// Over a transparent background, the last step of stacking Cb and Cr (`ChromaAlpha.frag`): the chroma pass leaves them premultiplied by the alpha it stacked at chroma
/// resolution, one sample of each layer for four pixels, and this pass premultiplies them
/// instead by the mean of the four luma alphas each chroma sample stands for. A picture keeps
/// only the luma's alpha (`PlaneLayout.yuva420p8Premultiplied`), and whoever draws it divides
/// its Cb·α and Cr·α by that mean (`PlaceEffect`); with the chroma pass's own alpha in them
/// instead, a soft edge's colour would come back scaled by the two alphas' ratio.
final class ChromaAlphaPass {
  private let program: ShaderProgram
  /// Cb and Cr, four samples a texel, as the picture holds them.
  private let target: Framebuffer

  /// A pass for stacking targets `width` (a multiple of 8) × `height` output pixels.
  init(context: GPUContext, width: Int, height: Int) throws {
    program = try AssembledProgram.make(context: context, parts: ["ChromaAlpha.frag"])
    target = try Framebuffer(
      textures: (0..<2).map { _ in
        try Texture(context: context, width: width / 8, height: height / 2, format: .rgba8)
      })
  }

  /// `chroma` (Cb·α, Cr·α and α from the chroma stacking pass) premultiplied by `luma`'s
  /// alpha (attachments 2 and 3 of the luma stacking pass): Cb and Cr in attachments 0 and 1.
  func run(chroma: Framebuffer, luma: Framebuffer) throws -> Framebuffer {
    try program.draw(
      into: target,
      textures: [
        "stackedCb": chroma.textures[0], "stackedCr": chroma.textures[1],
        "stackedAlpha": chroma.textures[2], "topAlpha": luma.textures[2],
        "bottomAlpha": luma.textures[3],
      ])
    return target
  }
}

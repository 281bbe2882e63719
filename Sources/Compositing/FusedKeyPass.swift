import GPU
import RenderPlan

/// The key of a layer the stacking pass fuses, once per picture (`FusedKey.frag`): its alpha
/// for each chroma sample (Key.frag's `keyAlpha`) and its spill excess, four to an RGBA8 texel,
/// a half stacking fragment's. The stacking pass takes them as they are for Cb and Cr, and
/// for Y′ interpolates the alpha for each luma sample (docs/ARCHITECTURE.md: a matte at chroma
/// resolution, sampled bilinearly) and takes each pixel's excess from its own chroma sample.
final class FusedKeyPass {
  let program: ShaderProgram

  init(context: GPUContext) throws {
    program = try AssembledProgram.make(
      context: context, parts: ["Stack.frag", "PackedSamples.frag", "Key.frag", "FusedKey.frag"])
  }

  /// Writes `layer`'s key alphas (attachment 0) and spill excesses (attachment 1) into
  /// `target`: a texel for each four chroma samples of the picture.
  func run(_ layer: FusedLayer, key: KeyPlan, into target: Framebuffer) throws {
    try program.set(layer.uniforms, as: "layer")
    try program.set(KeyEffect(key: key), as: "key")
    try program.draw(
      into: target,
      textures: ["cbPlane": layer.planes.textures[1], "crPlane": layer.planes.textures[2]])
  }
}

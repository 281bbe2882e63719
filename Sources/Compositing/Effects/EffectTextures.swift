import GPU

/// One layer's textures for its effect passes, by use, kept while their size stays the same:
/// a layer that holds still (or only fades) makes them once.
final class EffectTextures {
  private var framebuffers: [String: Framebuffer] = [:]

  /// The RGBA8 framebuffer for `use`, exactly `size` texels.
  func framebuffer(_ use: String, size: SIMD2<Int>, context: GPUContext) throws -> Framebuffer {
    if let existing = framebuffers[use], existing.width == size.x, existing.height == size.y {
      return existing
    }
    let made = try Framebuffer(
      texture: Texture(context: context, width: size.x, height: size.y, format: .rgba8))
    framebuffers[use] = made
    return made
  }
}

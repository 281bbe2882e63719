import GPU
import Shaders

/// Builds a program from embedded fragment-shader files (the first one's `#version` kept),
/// specialised with `#define`s, over the full-screen vertex shader. Only the stacking pass adds
/// a part made for one use: the list of a batch's layers (`StackCode`).
enum AssembledProgram {
  static func make(
    context: GPUContext, parts names: [String], defines: [String] = [],
    generated: (name: String, text: String)? = nil
  ) throws -> ShaderProgram {
    let parts = try names.map { name in
      guard let file = ShaderSource.named(name) else { throw GPUError.shaderNotFound(name: name) }
      return file
    }
    guard let vertex = ShaderSource.named("Fullscreen.vert") else {
      throw GPUError.shaderNotFound(name: "Fullscreen.vert")
    }
    return try ShaderProgram(
      context: context, vertex: vertex,
      fragment: ShaderFile(assembling: parts, defines: defines, generated: generated))
  }
}

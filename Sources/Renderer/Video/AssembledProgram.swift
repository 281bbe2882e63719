import GPU
import Shaders

/// Builds a program from embedded fragment-shader parts (the first one's `#version` kept) and
/// code generated for one use, over the full-screen vertex shader.
enum AssembledProgram {
  static func make(
    context: GPUContext, parts names: [String], generated: String, generatedName: String
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
      fragment: ShaderFile(
        assembling: parts, generated: generated, generatedName: generatedName))
  }
}

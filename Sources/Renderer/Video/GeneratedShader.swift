import GPU
import Shaders

/// Builds a compositing program: the embedded fragment shader `template` with the code the
/// effect generated for one batch appended, over the full-screen vertex shader.
enum GeneratedShader {
  static func program(context: GPUContext, template name: String, generated: String) throws
    -> ShaderProgram
  {
    guard let template = ShaderSource.named(name) else {
      throw GPUError.shaderNotFound(name: name)
    }
    guard let vertex = ShaderSource.named("Fullscreen.vert") else {
      throw GPUError.shaderNotFound(name: "Fullscreen.vert")
    }
    return try ShaderProgram(
      context: context, vertex: vertex,
      fragment: ShaderFile(name: template.name, text: template.text + generated))
  }

  /// A pair of same-size targets written by one pass (a chroma pass's Cb and Cr).
  static func pair(context: GPUContext, width: Int, height: Int, format: Texture.Format) throws
    -> Framebuffer
  {
    try Framebuffer(textures: [
      Texture(context: context, width: width, height: height, format: format),
      Texture(context: context, width: width, height: height, format: format),
    ])
  }
}

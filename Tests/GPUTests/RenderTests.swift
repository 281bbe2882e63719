import Shaders
import Testing

@testable import GPU

@Suite struct RenderTests {
  @Test func solidColorFillsEveryPixelExactly() throws {
    let context = try GPUContext(platform: .surfaceless)
    let target = try Framebuffer(context: context, width: 64, height: 32)
    let program = try ShaderProgram(
      context: context, vertex: "Fullscreen.vert", fragment: "SolidColor.frag")
    // Multiples of 1/255 (0.2 = 51/255 …), so the 8-bit result is exact on any driver.
    try program.setUniform("color", SIMD4<Float>(0.2, 0.4, 0.6, 0.8))
    try program.draw(into: target)

    let pixels = try target.readPixels()
    #expect(pixels.count == 64 * 32 * 4)
    #expect(pixels == Array(repeating: [51, 102, 153, 204], count: 64 * 32).flatMap { $0 })
  }

  @Test func readPixelsHonoursAPaddedRowStride() throws {
    let context = try GPUContext(platform: .surfaceless)
    let target = try Framebuffer(context: context, width: 3, height: 2)
    let program = try ShaderProgram(
      context: context, vertex: "Fullscreen.vert", fragment: "SolidColor.frag")
    try program.setUniform("color", SIMD4<Float>(1, 1, 1, 1))
    try program.draw(into: target)

    var bytes = [UInt8](repeating: 7, count: 16 * 2)
    try bytes.withUnsafeMutableBytes { try target.readPixels(into: $0, bytesPerRow: 16) }
    #expect(Array(bytes[0..<12]) == Array(repeating: 255, count: 12))
    #expect(Array(bytes[12..<16]) == [7, 7, 7, 7], "the padding is left alone")
    #expect(Array(bytes[16..<28]) == Array(repeating: 255, count: 12))
  }

  /// Samples `.r` of `inputImageTexture` into red, through the real full-screen vertex shader.
  static let sampleRed = ShaderFile(
    name: "SampleRed.frag",
    text: """
      #version 300 es
      precision highp float;
      in vec2 textureCoordinate;
      uniform sampler2D inputImageTexture;
      out vec4 fragmentColor;
      void main() {
          fragmentColor = vec4(texture(inputImageTexture, textureCoordinate).r, 0.0, 0.0, 1.0);
      }
      """)

  @Test func r8UploadWithRowPaddingSamplesBackExactly() throws {
    let context = try GPUContext(platform: .surfaceless)
    let (width, height, stride) = (5, 3, 8)
    // Rows of distinct values, each followed by padding the upload must skip.
    var plane = [UInt8](repeating: 0xEE, count: stride * height)
    for row in 0..<height {
      for column in 0..<width {
        plane[row * stride + column] = UInt8(16 + row * 40 + column * 7)
      }
    }
    let texture = try Texture(
      context: context, width: width, height: height, format: .r8, filter: .nearest)
    try texture.upload(plane, bytesPerRow: stride)

    let vertex = try #require(ShaderSource.named("Fullscreen.vert"))
    let program = try ShaderProgram(context: context, vertex: vertex, fragment: Self.sampleRed)
    let target = try Framebuffer(context: context, width: width, height: height)
    try program.draw(into: target, textures: ["inputImageTexture": texture])

    let pixels = try target.readPixels()
    for row in 0..<height {
      for column in 0..<width {
        let pixel = Array(pixels[(row * width + column) * 4..<(row * width + column + 1) * 4])
        #expect(pixel == [plane[row * stride + column], 0, 0, 255], "row \(row), column \(column)")
      }
    }
  }

  @Test func r8FramebufferReadsBackOneBytePerPixel() throws {
    let context = try GPUContext(platform: .surfaceless)
    let target = try Framebuffer(context: context, width: 6, height: 4, format: .r8)
    let program = try ShaderProgram(
      context: context, vertex: "Fullscreen.vert", fragment: "SolidColor.frag")
    try program.setUniform("color", SIMD4<Float>(0.4, 1, 1, 1))
    try program.draw(into: target)
    #expect(try target.readPixels() == Array(repeating: 102, count: 6 * 4))
  }

  @Test func r8ReadBackThroughRGBAKeepsRedAndTheStride() throws {
    // The path for drivers that cannot read GL_RED (llvmpipe can, so it is called directly).
    let context = try GPUContext(platform: .surfaceless)
    let target = try Framebuffer(context: context, width: 3, height: 2, format: .r8)
    let program = try ShaderProgram(
      context: context, vertex: "Fullscreen.vert", fragment: "SolidColor.frag")
    try program.setUniform("color", SIMD4<Float>(0.2, 1, 1, 1))
    try program.draw(into: target)
    var bytes = [UInt8](repeating: 7, count: 5 * 2)
    try bytes.withUnsafeMutableBytes { try target.readThroughRGBA(into: $0, bytesPerRow: 5) }
    #expect(bytes == [51, 51, 51, 7, 7, 51, 51, 51, 7, 7])
  }

  /// Copies `source` into a target of its integer format (`uvec2` or `uvec4`), through the
  /// full-screen vertex shader.
  static func copyPacked(_ type: String, _ channels: String) -> ShaderFile {
    ShaderFile(
      name: "CopyPacked.frag",
      text: """
        #version 300 es
        precision highp float;
        uniform highp usampler2D source;
        out \(type) copied;
        void main() { copied = texelFetch(source, ivec2(gl_FragCoord.xy), 0).\(channels); }
        """)
  }

  @Test(arguments: [Texture.Format.rg32ui, .rgba32ui])
  func integerTexelsKeepTheirBytesThroughUploadDrawAndBothReadBacks(format: Texture.Format)
    throws
  {
    let context = try GPUContext(platform: .surfaceless)
    let texel = format.bytesPerPixel
    let (width, height, stride) = (3, 2, 4 * texel)
    // Distinct bytes, each row followed by padding the upload must skip.
    var plane = [UInt8](repeating: 0xEE, count: stride * height)
    for row in 0..<height {
      for byte in 0..<(width * texel) {
        plane[row * stride + byte] = UInt8((row * 100 + byte * 3 + 1) % 256)
      }
    }
    let texture = try Texture(context: context, width: width, height: height, format: format)
    try texture.upload(plane, bytesPerRow: stride)
    let vertex = try #require(ShaderSource.named("Fullscreen.vert"))
    let copy = format == .rg32ui ? Self.copyPacked("uvec2", "xy") : Self.copyPacked("uvec4", "xyzw")
    let program = try ShaderProgram(context: context, vertex: vertex, fragment: copy)
    let target = try Framebuffer(context: context, width: width, height: height, format: format)
    try program.draw(into: target, textures: ["source": texture])

    let rows = (0..<height).map { Array(plane[($0 * stride)..<($0 * stride + width * texel)]) }
    #expect(try target.readPixels() == rows.flatMap { $0 })
    // The stacking pass reads its targets every frame: llvmpipe offers GL_RG_INTEGER for
    // RG32UI, and GL_RGBA_INTEGER is every driver's, so they are read without the
    // four-channel copy.
    #expect(try target.readsDirectly(attachment: 0))
    var bytes = [UInt8](repeating: 7, count: stride * height)
    try bytes.withUnsafeMutableBytes { try target.readThroughRGBA(into: $0, bytesPerRow: stride) }
    for row in 0..<height {
      let start = row * stride
      #expect(Array(bytes[start..<(start + width * texel)]) == rows[row])
      #expect(bytes[(start + width * texel)..<(start + stride)].allSatisfy { $0 == 7 })
    }
  }

  @Test func shortBuffersAreRefusedBeforeGLSeesThem() throws {
    let context = try GPUContext(platform: .surfaceless)
    let texture = try Texture(context: context, width: 4, height: 4, format: .rgba8)
    #expect(throws: GPUError.self) {
      try texture.upload([UInt8](repeating: 0, count: 63), bytesPerRow: 16)
    }
    #expect(throws: GPUError.self) {
      try texture.upload([UInt8](repeating: 0, count: 64), bytesPerRow: 15)
    }
  }

  @Test func aTargetCannotSampleItself() throws {
    let context = try GPUContext(platform: .surfaceless)
    let target = try Framebuffer(context: context, width: 2, height: 2)
    let vertex = try #require(ShaderSource.named("Fullscreen.vert"))
    let program = try ShaderProgram(context: context, vertex: vertex, fragment: Self.sampleRed)
    #expect(throws: GPUError.self) {
      try program.draw(into: target, textures: ["inputImageTexture": target.texture])
    }
  }
}

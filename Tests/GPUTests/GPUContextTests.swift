import Testing

@testable import GPU

@Suite struct GPUContextTests {
  @Test func surfacelessContextIsOpenGLES3() throws {
    let context = try GPUContext(platform: .surfaceless)
    #expect(context.platform == .surfaceless)
    #expect(!context.renderer.isEmpty)
    #expect(context.version.major >= 3)
    #expect(context.versionString.hasPrefix("OpenGL ES \(context.version.major)."))
    #expect(context.maxTextureImageUnits >= 16)
  }

  @Test func automaticChoiceMakesAContext() throws {
    // Device platform on a machine with a GPU, surfaceless elsewhere: either way ES 3.
    let context = try GPUContext()
    #expect(context.version >= GLESVersion(major: 3, minor: 0))
  }

  @Test func theDevicePlatformCanBeForced() throws {
    // Forced, the device platform takes Mesa's software device when there is no GPU, which
    // lets this machine exercise the device path too.
    let context = try GPUContext(platform: .device)
    #expect(context.platform == .device)
    #expect(context.version.major >= 3)
  }

  @Test func theEnvironmentVariableForcesAPlatform() throws {
    let name = GPUContext.platformVariable
    #expect(try GPUContext.platform(in: [:]) == nil)
    #expect(try GPUContext.platform(in: [name: ""]) == nil)
    #expect(try GPUContext.platform(in: [name: "surfaceless"]) == .surfaceless)
    #expect(try GPUContext.platform(in: [name: "Device"]) == .device)
    #expect(throws: GPUError.invalidPlatform(variable: name, value: "x11")) {
      try GPUContext.platform(in: [name: "x11"])
    }
  }

  @Test func contextsCanBeMadeOneAfterAnother() throws {
    for _ in 0..<2 {
      let context = try GPUContext(platform: .surfaceless)
      let target = try Framebuffer(context: context, width: 4, height: 2)
      let program = try ShaderProgram(
        context: context, vertex: "Fullscreen.vert", fragment: "SolidColor.frag")
      try program.setUniform("color", SIMD4<Float>(1, 0, 0, 1))
      try program.draw(into: target)
      #expect(
        try target.readPixels() == Array(repeating: [255, 0, 0, 255], count: 8).flatMap { $0 })
    }
  }

  @Test func makeCurrentSwitchesBetweenLiveContexts() throws {
    let first = try GPUContext(platform: .surfaceless)
    let firstTarget = try Framebuffer(context: first, width: 1, height: 1)
    let second = try GPUContext(platform: .surfaceless)
    let secondTarget = try Framebuffer(context: second, width: 1, height: 1)
    let firstProgram = try ShaderProgram(
      context: first, vertex: "Fullscreen.vert", fragment: "SolidColor.frag")
    try firstProgram.setUniform("color", SIMD4<Float>(0, 1, 0, 1))
    // Drawing in the first context after the second was made current switches back to it.
    try firstProgram.draw(into: firstTarget)
    #expect(try firstTarget.readPixels() == [0, 255, 0, 255])
    try second.makeCurrent()
    #expect(try secondTarget.readPixels().count == 4)
  }

  @Test func errorsNameTheCallAndTheCode() {
    #expect(eglErrorName(0x3008) == "EGL_BAD_DISPLAY")
    #expect(glErrorName(0x0502) == "GL_INVALID_OPERATION")
    #expect(
      GPUError.egl(function: "eglInitialize", code: "EGL_NOT_INITIALIZED").description
        == "eglInitialize failed: EGL_NOT_INITIALIZED")
  }
}

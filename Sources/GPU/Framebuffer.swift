internal import CEGL

/// A render target over a texture: passes draw into it, and `readPixels` copies it back.
public final class Framebuffer {
  /// The texture drawn into, which a later pass may sample.
  public let texture: Texture
  /// The context the framebuffer belongs to.
  public var context: GPUContext { texture.context }
  /// Width in pixels.
  public var width: Int { texture.width }
  /// Height in pixels.
  public var height: Int { texture.height }

  let framebuffer: GLuint

  /// A framebuffer over a new texture of this size and format.
  public convenience init(
    context: GPUContext, width: Int, height: Int, format: Texture.Format = .rgba8,
    filter: Texture.Filter = .linear
  ) throws {
    try self.init(
      texture: Texture(
        context: context, width: width, height: height, format: format, filter: filter))
  }

  /// A framebuffer that renders into `texture`.
  public init(texture: Texture) throws {
    try texture.context.ensureCurrent()
    self.texture = texture
    var framebuffer: GLuint = 0
    glGenFramebuffers(1, &framebuffer)
    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    glFramebufferTexture2D(
      GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D),
      texture.texture, 0)
    let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
    do {
      try checkGL("glFramebufferTexture2D")
      guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
        throw GPUError.framebufferIncomplete(status: framebufferStatusName(status))
      }
    } catch {
      glDeleteFramebuffers(1, &framebuffer)
      throw error
    }
    self.framebuffer = framebuffer
  }

  deinit {
    if context.becomeCurrentForCleanup() {
      var framebuffer = framebuffer
      glDeleteFramebuffers(1, &framebuffer)
    }
  }

  /// Binds the framebuffer as the draw and read target, with the viewport covering it.
  func bind() {
    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    glViewport(0, 0, GLsizei(width), GLsizei(height))
  }

  /// Copies the whole image into `buffer`: `height` rows of `width` pixels in the texture's
  /// format (1 byte for `.r8`, 4 for `.rgba8`), each row `bytesPerRow` bytes after the previous.
  /// Row 0 is the first row the framebuffer stores (texture coordinate t = 0).
  public func readPixels(into buffer: UnsafeMutableRawBufferPointer, bytesPerRow: Int) throws {
    let format = texture.format
    try Texture.checkLayout(
      buffer.count, bytesPerRow: bytesPerRow, width: width, height: height, format: format,
      function: "Framebuffer.readPixels")
    guard let base = buffer.baseAddress else { return }  // checkLayout rules out an empty buffer
    try context.ensureCurrent()
    bind()
    glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
    if format == .rgba8 || readsRedDirectly() {
      // GL_RGBA with GL_UNSIGNED_BYTE is the one read format every ES 3 driver must accept for
      // 8-bit targets; GL_RED only where the driver names it as its second, checked above.
      glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(bytesPerRow / format.bytesPerPixel))
      defer { glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0) }
      glReadPixels(
        0, 0, GLsizei(width), GLsizei(height), format.pixelFormat, GLenum(GL_UNSIGNED_BYTE), base)
      try checkGL("glReadPixels")
      return
    }
    try readRedThroughRGBA(into: buffer, bytesPerRow: bytesPerRow)
  }

  /// Reads a `.r8` target as RGBA and keeps the red channel, for a driver that cannot read
  /// GL_RED.
  func readRedThroughRGBA(into buffer: UnsafeMutableRawBufferPointer, bytesPerRow: Int) throws {
    try Texture.checkLayout(
      buffer.count, bytesPerRow: bytesPerRow, width: width, height: height, format: .r8,
      function: "Framebuffer.readPixels")
    try context.ensureCurrent()
    bind()
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    glReadPixels(
      0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &rgba)
    try checkGL("glReadPixels")
    for row in 0..<height {
      for column in 0..<width {
        buffer[row * bytesPerRow + column] = rgba[(row * width + column) * 4]
      }
    }
  }

  /// Copies the whole image into a new array with rows `width × bytesPerPixel` bytes apart.
  public func readPixels() throws -> [UInt8] {
    let bytesPerRow = width * texture.format.bytesPerPixel
    var bytes = [UInt8](repeating: 0, count: bytesPerRow * height)
    try bytes.withUnsafeMutableBytes { try readPixels(into: $0, bytesPerRow: bytesPerRow) }
    return bytes
  }

  /// Whether the bound framebuffer can be read as GL_RED / GL_UNSIGNED_BYTE, the driver's
  /// implementation-chosen read format (Mesa's llvmpipe offers it for GL_R8).
  private func readsRedDirectly() -> Bool {
    var format: GLint = 0
    var type: GLint = 0
    glGetIntegerv(GLenum(GL_IMPLEMENTATION_COLOR_READ_FORMAT), &format)
    glGetIntegerv(GLenum(GL_IMPLEMENTATION_COLOR_READ_TYPE), &type)
    return format == GL_RED && type == GL_UNSIGNED_BYTE
  }
}

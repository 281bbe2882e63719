internal import CEGL

/// A render target over one texture, or several of the same size that a pass writes at once
/// (`out` variables at locations 0, 1, …): passes draw into it, and `readPixels` copies one back.
public final class Framebuffer {
  /// The textures drawn into, by attachment (fragment output location); a later pass may
  /// sample them.
  public let textures: [Texture]
  /// The first texture, where a single-output pass draws.
  public var texture: Texture { textures[0] }
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
  public convenience init(texture: Texture) throws {
    try self.init(textures: [texture])
  }

  /// A framebuffer whose fragment output `i` goes to `textures[i]`; all must have one size
  /// and belong to one context.
  public init(textures: [Texture]) throws {
    guard let first = textures.first,
      textures.allSatisfy({
        $0.context === first.context && $0.width == first.width && $0.height == first.height
      })
    else {
      throw GPUError.invalidArgument(
        function: "Framebuffer.init",
        reason: "needs at least one texture, all of one size and one context")
    }
    GPUContext.driverLock.lock()
    defer { GPUContext.driverLock.unlock() }
    try first.context.ensureCurrent()
    guard textures.count <= first.context.maxDrawBuffers else {
      throw GPUError.invalidArgument(
        function: "Framebuffer.init",
        reason: "\(textures.count) attachments, but only \(first.context.maxDrawBuffers)")
    }
    self.textures = textures
    var framebuffer: GLuint = 0
    glGenFramebuffers(1, &framebuffer)
    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    var buffers: [GLenum] = []
    for (index, texture) in textures.enumerated() {
      let attachment = GLenum(GL_COLOR_ATTACHMENT0 + Int32(index))
      glFramebufferTexture2D(
        GLenum(GL_FRAMEBUFFER), attachment, GLenum(GL_TEXTURE_2D), texture.texture, 0)
      buffers.append(attachment)
    }
    glDrawBuffers(GLsizei(buffers.count), buffers)
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
    context.cleanUp {
      var framebuffer = framebuffer
      glDeleteFramebuffers(1, &framebuffer)
    }
  }

  /// Binds the framebuffer as the draw and read target, with the viewport covering it. Call
  /// inside `GPUContext.withCurrent`.
  func bind() {
    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    glViewport(0, 0, GLsizei(width), GLsizei(height))
  }

  /// Copies the whole image of attachment `attachment` into `buffer`: `height` rows of `width`
  /// pixels in that texture's format (1, 2 or 4 bytes), each row `bytesPerRow` bytes after the
  /// previous. Row 0 is the first row the framebuffer stores (texture coordinate t = 0).
  public func readPixels(
    attachment: Int = 0, into buffer: UnsafeMutableRawBufferPointer, bytesPerRow: Int
  ) throws {
    guard textures.indices.contains(attachment) else {
      throw GPUError.invalidArgument(
        function: "Framebuffer.readPixels",
        reason: "attachment \(attachment) of \(textures.count)")
    }
    let format = textures[attachment].format
    try Texture.checkLayout(
      buffer.count, bytesPerRow: bytesPerRow, width: width, height: height, format: format,
      function: "Framebuffer.readPixels")
    guard let base = buffer.baseAddress else { return }  // checkLayout rules out an empty buffer
    try context.withCurrent {
      bind()
      glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0 + Int32(attachment)))
      glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
      if format.fullRead.format == format.pixelFormat || readsDirectly(format) {
        // GL_RGBA with GL_UNSIGNED_BYTE is the one read format every ES 3 driver must accept
        // for 8-bit targets (GL_RGBA_INTEGER with GL_UNSIGNED_INT for integer ones); GL_RED,
        // GL_RG or GL_RG_INTEGER only where the driver names it as its second.
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(bytesPerRow / format.bytesPerPixel))
        defer { glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0) }
        glReadPixels(
          0, 0, GLsizei(width), GLsizei(height), format.pixelFormat, format.pixelType, base)
        try checkGL("glReadPixels")
        return
      }
      try readThroughRGBA(attachment: attachment, into: buffer, bytesPerRow: bytesPerRow)
    }
  }

  /// Reads an attachment with all four channels and keeps its format's, for a driver that
  /// cannot read GL_RED, GL_RG or GL_RG_INTEGER directly.
  func readThroughRGBA(
    attachment: Int = 0, into buffer: UnsafeMutableRawBufferPointer, bytesPerRow: Int
  ) throws {
    let format = textures[attachment].format
    try Texture.checkLayout(
      buffer.count, bytesPerRow: bytesPerRow, width: width, height: height, format: format,
      function: "Framebuffer.readPixels")
    let read = format.fullRead
    var rgba = [UInt8](repeating: 0, count: width * height * read.bytesPerPixel)
    try context.withCurrent {
      bind()
      glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0 + Int32(attachment)))
      glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
      glReadPixels(0, 0, GLsizei(width), GLsizei(height), read.format, read.type, &rgba)
      try checkGL("glReadPixels")
    }
    // The format's channels are the first of each texel read (and for an integer format
    // their bytes lie in memory as uploaded). A stacking target may take this path every
    // frame on a driver that offers no narrower read, so texels are copied whole.
    let kept = format.bytesPerPixel
    rgba.withUnsafeBytes { texels in
      guard let source = texels.baseAddress, let target = buffer.baseAddress else { return }
      for row in 0..<height {
        let rowSource = source + row * width * read.bytesPerPixel
        let rowTarget = target + row * bytesPerRow
        for column in 0..<width {
          (rowTarget + column * kept).copyMemory(
            from: rowSource + column * read.bytesPerPixel, byteCount: kept)
        }
      }
    }
  }

  /// Copies attachment `attachment` into a new array with rows `width × bytesPerPixel` apart.
  public func readPixels(attachment: Int = 0) throws -> [UInt8] {
    let bytesPerRow = width * textures[attachment].format.bytesPerPixel
    var bytes = [UInt8](repeating: 0, count: bytesPerRow * height)
    try bytes.withUnsafeMutableBytes {
      try readPixels(attachment: attachment, into: $0, bytesPerRow: bytesPerRow)
    }
    return bytes
  }

  /// Whether attachment `attachment` is read in its format's own layout, without the
  /// four-channel read and copy of `readThroughRGBA`.
  func readsDirectly(attachment: Int) throws -> Bool {
    let format = textures[attachment].format
    return try context.withCurrent {
      bind()
      glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0 + Int32(attachment)))
      return format.fullRead.format == format.pixelFormat || readsDirectly(format)
    }
  }

  /// Whether the bound read buffer can be read in `format`'s own layout: the driver's
  /// implementation-chosen read format (Mesa's llvmpipe offers GL_RED for GL_R8, GL_RG for
  /// GL_RG8 and GL_RG_INTEGER for GL_RG32UI).
  private func readsDirectly(_ format: Texture.Format) -> Bool {
    var readFormat: GLint = 0
    var type: GLint = 0
    glGetIntegerv(GLenum(GL_IMPLEMENTATION_COLOR_READ_FORMAT), &readFormat)
    glGetIntegerv(GLenum(GL_IMPLEMENTATION_COLOR_READ_TYPE), &type)
    return GLenum(readFormat) == format.pixelFormat && GLenum(type) == format.pixelType
  }
}

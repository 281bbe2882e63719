internal import CEGL

/// A 2D texture of 8-bit channels: one channel (a Y, Cb or Cr plane, a matte), two (NV12's
/// interleaved chroma, or a 16-bit sample split into its low and high byte) or four (RGBA); or
/// of two or four 32-bit unsigned integers, each holding four 8-bit samples (eight or sixteen
/// samples of a row a texel, for the stacking pass: fewer fetches and fragments on llvmpipe).
///
/// Row 0 of an upload is texture coordinate t = 0, which `Fullscreen.vert` maps to the first row
/// a framebuffer stores, so rows keep their order through a pass and its read-back.
public final class Texture {
  /// How a texel is stored.
  public enum Format: Sendable {
    /// One 8-bit channel, sampled as `.r` (GL_R8).
    case r8
    /// Two 8-bit channels, sampled as `.rg` (GL_RG8).
    case rg8
    /// Four 8-bit channels (GL_RGBA8).
    case rgba8
    /// Two 32-bit unsigned integers (GL_RG32UI), sampled through a `usampler2D` and never
    /// filtered: eight bytes a texel, as they lie in memory.
    case rg32ui
    /// Four 32-bit unsigned integers (GL_RGBA32UI), like `rg32ui`: sixteen bytes a texel.
    case rgba32ui

    /// The bytes one texel takes in an upload or a read-back.
    public var bytesPerPixel: Int {
      switch self {
      case .r8: 1
      case .rg8: 2
      case .rgba8: 4
      case .rg32ui: 8
      case .rgba32ui: 16
      }
    }

    /// Whether texels are integers, which GL samples only unfiltered.
    var isInteger: Bool { self == .rg32ui || self == .rgba32ui }

    var internalFormat: GLenum {
      switch self {
      case .r8: GLenum(GL_R8)
      case .rg8: GLenum(GL_RG8)
      case .rgba8: GLenum(GL_RGBA8)
      case .rg32ui: GLenum(GL_RG32UI)
      case .rgba32ui: GLenum(GL_RGBA32UI)
      }
    }

    var pixelFormat: GLenum {
      switch self {
      case .r8: GLenum(GL_RED)
      case .rg8: GLenum(GL_RG)
      case .rgba8: GLenum(GL_RGBA)
      case .rg32ui: GLenum(GL_RG_INTEGER)
      case .rgba32ui: GLenum(GL_RGBA_INTEGER)
      }
    }

    var pixelType: GLenum {
      isInteger ? GLenum(GL_UNSIGNED_INT) : GLenum(GL_UNSIGNED_BYTE)
    }

    /// The four-channel read every ES 3 driver must accept for a target of this format, and
    /// the bytes of a texel read so.
    var fullRead: (format: GLenum, type: GLenum, bytesPerPixel: Int) {
      isInteger
        ? (GLenum(GL_RGBA_INTEGER), GLenum(GL_UNSIGNED_INT), 16)
        : (GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), 4)
    }
  }

  /// How samples between texel centres are computed.
  public enum Filter: Sendable {
    /// Bilinear: for scaling and for chroma planes at half size.
    case linear
    /// The nearest texel: exact values, for tests and 1:1 passes.
    case nearest
  }

  /// The context the texture belongs to, kept alive as long as the texture.
  public let context: GPUContext
  /// Width in texels.
  public let width: Int
  /// Height in texels.
  public let height: Int
  /// The texel format.
  public let format: Format

  let texture: GLuint

  /// A texture of fixed size whose contents are undefined until the first upload or render.
  /// Coordinates outside [0, 1] clamp to the edge.
  public init(
    context: GPUContext, width: Int, height: Int, format: Format, filter: Filter = .linear
  ) throws {
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
      throw GPUError.invalidArgument(
        function: "Texture.init", reason: "size \(width)x\(height) is not positive")
    }
    GPUContext.driverLock.lock()
    defer { GPUContext.driverLock.unlock() }
    try context.ensureCurrent()
    self.context = context
    self.width = width
    self.height = height
    self.format = format

    var texture: GLuint = 0
    glGenTextures(1, &texture)
    glBindTexture(GLenum(GL_TEXTURE_2D), texture)
    // An integer texture with a filter is incomplete: its fetches would read zero.
    let glFilter = GLint(filter == .linear && !format.isInteger ? GL_LINEAR : GL_NEAREST)
    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), glFilter)
    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), glFilter)
    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    // Immutable storage, so the texture is complete without mipmaps and cannot change size.
    glTexStorage2D(
      GLenum(GL_TEXTURE_2D), 1, format.internalFormat, GLsizei(width), GLsizei(height))
    do {
      try checkGL("glTexStorage2D(\(width)x\(height))")
    } catch {
      glDeleteTextures(1, &texture)
      throw error
    }
    self.texture = texture
  }

  deinit {
    context.cleanUp {
      var texture = texture
      glDeleteTextures(1, &texture)
    }
  }

  /// Replaces the whole texture with `bytes`: `height` rows of `width` texels, each row starting
  /// `bytesPerRow` bytes after the previous one (a decoder's line size, often padded).
  public func upload(_ bytes: UnsafeRawBufferPointer, bytesPerRow: Int) throws {
    try Self.checkLayout(
      bytes.count, bytesPerRow: bytesPerRow, width: width, height: height, format: format,
      function: "Texture.upload")
    guard let base = bytes.baseAddress else { return }  // checkLayout rules out an empty buffer
    try context.withCurrent {
      glBindTexture(GLenum(GL_TEXTURE_2D), texture)
      glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
      glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(bytesPerRow / format.bytesPerPixel))
      defer { glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0) }
      glTexSubImage2D(
        GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), format.pixelFormat,
        format.pixelType, base)
      try checkGL("glTexSubImage2D")
    }
  }

  /// Replaces the whole texture with `bytes`, laid out as in `upload(_:bytesPerRow:)`.
  public func upload(_ bytes: [UInt8], bytesPerRow: Int) throws {
    try bytes.withUnsafeBytes { try upload($0, bytesPerRow: bytesPerRow) }
  }

  /// Checks, before GL touches the memory, that a buffer of `count` bytes holds the image.
  static func checkLayout(
    _ count: Int, bytesPerRow: Int, width: Int, height: Int, format: Format, function: String
  ) throws {
    let rowBytes = width * format.bytesPerPixel
    guard bytesPerRow >= rowBytes, bytesPerRow % format.bytesPerPixel == 0 else {
      throw GPUError.invalidArgument(
        function: function,
        reason: "bytesPerRow \(bytesPerRow) must be at least \(rowBytes) and a whole number of "
          + "\(format.bytesPerPixel)-byte texels")
    }
    let needed = bytesPerRow * (height - 1) + rowBytes
    guard count >= needed else {
      throw GPUError.invalidArgument(
        function: function, reason: "buffer holds \(count) bytes, \(needed) are needed")
    }
  }
}

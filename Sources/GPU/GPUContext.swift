internal import CEGL
import Foundation

/// A headless OpenGL ES 3 context, current on the thread that made it.
///
/// It uses the EGL device platform when a real GPU driver offers a device, and otherwise Mesa's
/// surfaceless platform, which renders on the CPU (llvmpipe). No window, no pbuffer: the context
/// is surfaceless and every pass renders into a `Framebuffer`.
public final class GPUContext {
  /// The EGL platform a context runs on.
  public enum Platform: String, Sendable, CaseIterable {
    /// `EGL_EXT_platform_device`: a GPU enumerated by EGL, such as NVIDIA's.
    case device
    /// `EGL_MESA_platform_surfaceless`: Mesa without a window system, llvmpipe if no GPU.
    case surfaceless
  }

  /// The environment variable that forces a platform: `device` or `surfaceless`.
  public static let platformVariable = "CHROMAKE_EGL_PLATFORM"

  /// The platform this context runs on.
  public let platform: Platform
  /// `GL_RENDERER`, such as `llvmpipe (LLVM 15.0.6, 256 bits)`.
  public let renderer: String
  /// `GL_VERSION` as the driver writes it, such as `OpenGL ES 3.2 Mesa 22.3.6`.
  public let versionString: String
  /// The OpenGL ES version of the context.
  public let version: GLESVersion
  /// `GL_MAX_TEXTURE_IMAGE_UNITS`: how many textures one fragment shader can sample (≥ 16).
  public let maxTextureImageUnits: Int
  /// How many textures one pass may write at once (`GL_MAX_DRAW_BUFFERS`, at least 4).
  public let maxDrawBuffers: Int
  /// Why the device platform was not used when it was tried first and failed (no GPU, no
  /// extension, a driver refusing ES 3); nil when it was used or not tried.
  public let fallbackReason: String?

  let display: EGLDisplay
  let context: EGLContext

  /// Makes a context and makes it current on this thread.
  ///
  /// - Parameter platform: the platform to use; `nil` reads `CHROMAKE_EGL_PLATFORM`, and if that
  ///   is unset tries a real GPU on the device platform, then the surfaceless platform.
  public init(platform: Platform? = nil) throws {
    Self.driverLock.lock()
    defer { Self.driverLock.unlock() }
    let requested = try platform ?? Self.platform(in: ProcessInfo.processInfo.environment)
    let made: (display: EGLDisplay, context: EGLContext, platform: Platform)
    var fallbackReason: String?
    switch requested {
    case .device:
      made = try Self.make(on: .device, display: Self.deviceDisplay(hardwareOnly: false))
    case .surfaceless:
      made = try Self.make(on: .surfaceless, display: Self.surfacelessDisplay())
    case nil:
      // Any failure on the device platform (no extension, no GPU, a driver refusing ES 3)
      // falls back to the surfaceless platform, which works wherever Mesa is installed.
      do {
        made = try Self.make(on: .device, display: Self.deviceDisplay(hardwareOnly: true))
      } catch {
        fallbackReason = "\(error)"
        made = try Self.make(on: .surfaceless, display: Self.surfacelessDisplay())
      }
    }
    display = made.display
    context = made.context
    self.platform = made.platform
    self.fallbackReason = fallbackReason

    do {
      renderer = try Self.string(GLenum(GL_RENDERER), "glGetString(GL_RENDERER)")
      versionString = try Self.string(GLenum(GL_VERSION), "glGetString(GL_VERSION)")
      version = GLESVersion(
        major: try Self.integer(GLenum(GL_MAJOR_VERSION), "glGetIntegerv(GL_MAJOR_VERSION)"),
        minor: try Self.integer(GLenum(GL_MINOR_VERSION), "glGetIntegerv(GL_MINOR_VERSION)")
      )
      maxTextureImageUnits = try Self.integer(
        GLenum(GL_MAX_TEXTURE_IMAGE_UNITS), "glGetIntegerv(GL_MAX_TEXTURE_IMAGE_UNITS)")
      maxDrawBuffers = try Self.integer(
        GLenum(GL_MAX_DRAW_BUFFERS), "glGetIntegerv(GL_MAX_DRAW_BUFFERS)")
    } catch {
      Self.destroy(display: made.display, context: made.context)
      throw error
    }
  }

  deinit {
    Self.destroy(display: display, context: context)
  }

  /// Held around every EGL and GL call in the process, so that contexts used on different
  /// threads (a batch's jobs, parallel tests) take turns in the driver.
  ///
  /// Mesa 22.3's llvmpipe (Debian 12's) is not safe for two contexts on one display used from
  /// two threads at once: a texture upload in one context while another draws reads memory
  /// the driver has freed, and a two-job batch crashed mid-render now and then, more often on
  /// a loaded machine. Two plain C threads with a context each, uploading, drawing and reading
  /// back, crash the same way. llvmpipe rasterises every context's draws on one shared set of
  /// threads anyway, so taking turns costs little. Recursive, because a GL object may be
  /// released while a GPU call holds the lock; timed, so a batch can say how much of its time
  /// its jobs spent in the driver and waiting for it (`DriverLock.use`).
  public static let driverLock = DriverLock()

  /// Makes this context current on the calling thread, as every GL call needs.
  ///
  /// A context is current on one thread at a time: call this after moving work to another
  /// thread. It fails with `EGL_BAD_ACCESS` while the context is current on another thread.
  public func makeCurrent() throws {
    try Self.driverLock.withLock {
      try checkEGL(eglMakeCurrent(display, nil, nil, context), "eglMakeCurrent")
    }
  }

  /// Makes this context current unless it already is. Call with `driverLock` held.
  func ensureCurrent() throws {
    if eglGetCurrentContext() != context {
      try makeCurrent()
    }
  }

  /// Runs `body`, which makes GL calls, holding `driverLock` with this context current; the
  /// GPU types call GL only inside it.
  func withCurrent<Result>(_ body: () throws -> Result) throws -> Result {
    try Self.driverLock.withLock {
      try ensureCurrent()
      return try body()
    }
  }

  /// For `deinit`s, which cannot throw: runs `body` (which deletes a GL name) as `withCurrent`
  /// does, if this context can be made current. When it cannot be, the name is left for the
  /// context's own destruction.
  func cleanUp(_ body: () -> Void) {
    Self.driverLock.withLock {
      if (try? ensureCurrent()) != nil {
        body()
      }
    }
  }

  /// The platform `CHROMAKE_EGL_PLATFORM` forces in `environment`, or `nil` if it is unset.
  static func platform(in environment: [String: String]) throws -> Platform? {
    guard let value = environment[platformVariable], !value.isEmpty else { return nil }
    guard let platform = Platform(rawValue: value.lowercased()) else {
      throw GPUError.invalidPlatform(variable: platformVariable, value: value)
    }
    return platform
  }

  private static func clientExtensions() -> Set<Substring> {
    // With EGL_NO_DISPLAY this lists the client extensions (EGL_EXT_client_extensions).
    guard let text = eglQueryString(nil, EGL_EXTENSIONS) else { return [] }
    return Set(String(cString: text).split(separator: " "))
  }

  private static func require(_ names: [String], in extensions: Set<Substring>) throws {
    for name in names where !extensions.contains(Substring(name)) {
      throw GPUError.missingExtension(name)
    }
  }

  private static func surfacelessDisplay() throws -> EGLDisplay {
    try require(["EGL_EXT_platform_base", "EGL_MESA_platform_surfaceless"], in: clientExtensions())
    let display = chromake_eglGetPlatformDisplayEXT(
      EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
    return try checkEGL(display, "eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA)")
  }

  /// The display of the best EGL device: a GPU driver's device rather than Mesa's software
  /// device, which is used only when `hardwareOnly` is false and no other device exists.
  private static func deviceDisplay(hardwareOnly: Bool) throws -> EGLDisplay {
    // Not EGL_EXT_device_enumeration as well: EGL_EXT_platform_device needs device enumeration,
    // which drivers also name EGL_EXT_device_base (its older name, with device queries), and on
    // an H100 with NVIDIA's driver 580 behind Debian's libglvnd the newer name was missing, so
    // the device platform was skipped for the surfaceless one. eglQueryDevicesEXT's own answer
    // says whether enumeration works.
    try require(["EGL_EXT_platform_base", "EGL_EXT_platform_device"], in: clientExtensions())
    var count: EGLint = 0
    try checkEGL(chromake_eglQueryDevicesEXT(0, nil, &count), "eglQueryDevicesEXT")
    var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
    try checkEGL(chromake_eglQueryDevicesEXT(count, &devices, &count), "eglQueryDevicesEXT")
    let listed = devices.prefix(Int(count)).compactMap { $0 }
    let hardware = listed.filter { !isSoftware($0) }
    guard let device = hardware.first ?? (hardwareOnly ? nil : listed.first) else {
      throw GPUError.noDevice
    }
    let display = chromake_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_DEVICE_EXT), device, nil)
    return try checkEGL(display, "eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT)")
  }

  /// Whether `device` is Mesa's software rasteriser rather than a GPU.
  private static func isSoftware(_ device: EGLDeviceEXT) -> Bool {
    guard let text = chromake_eglQueryDeviceStringEXT(device, EGL_EXTENSIONS) else { return false }
    return String(cString: text).split(separator: " ").contains("EGL_MESA_device_software")
  }

  /// Initialises `display`, makes an OpenGL ES 3.0 (or later) context on it and makes that
  /// current. On failure the display is released again.
  private static func make(on platform: Platform, display: EGLDisplay) throws -> (
    display: EGLDisplay, context: EGLContext, platform: Platform
  ) {
    try EGLDisplayCount.retain(display)
    do {
      guard let text = eglQueryString(display, EGL_EXTENSIONS) else {
        throw eglError("eglQueryString(EGL_EXTENSIONS)")
      }
      let extensions = Set(String(cString: text).split(separator: " "))
      try require(["EGL_KHR_surfaceless_context"], in: extensions)
      try checkEGL(eglBindAPI(EGLenum(EGL_OPENGL_ES_API)), "eglBindAPI")

      let config = try chooseConfig(
        display, noConfig: extensions.contains("EGL_KHR_no_config_context"))
      let attributes: [EGLint] = [
        EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE,
      ]
      let context = try checkEGL(
        eglCreateContext(display, config, nil, attributes), "eglCreateContext")
      guard eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
        let error = eglError("eglMakeCurrent")
        eglDestroyContext(display, context)
        throw error
      }
      return (display, context, platform)
    } catch {
      EGLDisplayCount.release(display)
      throw error
    }
  }

  /// A config that can render OpenGL ES 3, or none where EGL_KHR_no_config_context allows it:
  /// a surfaceless context never draws to a surface, so the config's buffers do not matter.
  private static func chooseConfig(_ display: EGLDisplay, noConfig: Bool) throws -> EGLConfig? {
    if noConfig { return nil }
    // EGL_SURFACE_TYPE 0: no surface kind is needed; the default (a window) would match no config
    // on these headless platforms.
    let attributes: [EGLint] = [
      EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE,
    ]
    var config: EGLConfig?
    var count: EGLint = 0
    try checkEGL(eglChooseConfig(display, attributes, &config, 1, &count), "eglChooseConfig")
    guard count > 0, let config else {
      throw GPUError.egl(function: "eglChooseConfig", code: "no config renders OpenGL ES 3")
    }
    return config
  }

  private static func destroy(display: EGLDisplay, context: EGLContext) {
    driverLock.lock()
    defer { driverLock.unlock() }
    if eglGetCurrentContext() == context {
      eglMakeCurrent(display, nil, nil, nil)
    }
    // A context still current on another thread is destroyed when that thread lets it go.
    eglDestroyContext(display, context)
    EGLDisplayCount.release(display)
  }

  private static func string(_ name: GLenum, _ function: String) throws -> String {
    guard let text = glGetString(name) else {
      try checkGL(function)
      throw GPUError.gl(function: function, code: "no string")
    }
    return String(cString: text)
  }

  private static func integer(_ name: GLenum, _ function: String) throws -> Int {
    var value: GLint = 0
    glGetIntegerv(name, &value)
    try checkGL(function)
    return Int(value)
  }
}

/// An OpenGL ES version, such as 3.2.
public struct GLESVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The major version: 3 for every context `GPUContext` makes.
  public let major: Int
  /// The minor version.
  public let minor: Int

  /// A version from its two numbers.
  public init(major: Int, minor: Int) {
    self.major = major
    self.minor = minor
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }

  public var description: String { "\(major).\(minor)" }
}

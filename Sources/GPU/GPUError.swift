/// A failure in the GPU module: a failing EGL or GL call named with its error in words, or a
/// shader the driver rejected, located in its file.
public enum GPUError: Error, Equatable, Sendable, CustomStringConvertible {
  /// An EGL call failed; `code` is EGL's error in words, such as `EGL_BAD_DISPLAY`.
  case egl(function: String, code: String)
  /// An OpenGL ES call failed; `code` is GL's error in words, such as `GL_INVALID_ENUM`.
  case gl(function: String, code: String)
  /// The EGL implementation lacks an extension this platform needs.
  case missingExtension(String)
  /// The device platform was asked for, but EGL lists no device.
  case noDevice
  /// `CHROMAKE_EGL_PLATFORM` holds something other than `device` or `surfaceless`.
  case invalidPlatform(variable: String, value: String)
  /// No embedded shader file has this name.
  case shaderNotFound(name: String)
  /// The driver rejected a shader; `line` is the line in `file` its log points at, if it says.
  case shaderCompile(file: String, line: Int?, message: String)
  /// The driver compiled both shaders but could not link them into one program.
  case shaderLink(vertex: String, fragment: String, message: String)
  /// The program has no active uniform of this name (misspelt, or unused and optimised away).
  case unknownUniform(name: String, program: String)
  /// A debug build was asked to draw with active uniforms no call has set.
  case uniformsNotSet(names: [String], program: String)
  /// A framebuffer cannot be rendered to; `status` is GL's status in words.
  case framebufferIncomplete(status: String)
  /// A call was given arguments it cannot use, checked before any C code sees them.
  case invalidArgument(function: String, reason: String)

  public var description: String {
    switch self {
    case .egl(let function, let code): "\(function) failed: \(code)"
    case .gl(let function, let code): "\(function) failed: \(code)"
    case .missingExtension(let name): "EGL does not support \(name)"
    case .noDevice: "EGL lists no device for the device platform"
    case .invalidPlatform(let variable, let value):
      "\(variable)=\(value) is not a platform: use 'device' or 'surfaceless'"
    case .shaderNotFound(let name): "no shader named '\(name)' is embedded"
    case .shaderCompile(let file, let line?, let message): "\(file):\(line): error: \(message)"
    case .shaderCompile(let file, nil, let message): "\(file): error: \(message)"
    case .shaderLink(let vertex, let fragment, let message):
      "linking \(vertex) with \(fragment) failed: \(message)"
    case .unknownUniform(let name, let program): "\(program) has no active uniform '\(name)'"
    case .uniformsNotSet(let names, let program):
      "\(program) draws with uniforms never set: \(names.joined(separator: ", "))"
    case .framebufferIncomplete(let status): "framebuffer is incomplete: \(status)"
    case .invalidArgument(let function, let reason): "\(function): \(reason)"
    }
  }
}

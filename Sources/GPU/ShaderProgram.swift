internal import CEGL
import Foundation
public import Shaders

/// A vertex and a fragment shader compiled and linked into one program.
///
/// Every pass draws one full-screen triangle: `draw(into:textures:)` issues three vertices and no
/// vertex buffer, which `Fullscreen.vert` turns into the triangle.
public final class ShaderProgram {
  /// The context the program belongs to, kept alive as long as the program.
  public let context: GPUContext
  /// The vertex shader's file name, such as `Fullscreen.vert`.
  public let vertexName: String
  /// The fragment shader's file name, such as `SolidColor.frag`.
  public let fragmentName: String

  let program: GLuint
  private let uniforms: [String: GLint]
  /// Active uniforms other than samplers that no call has set yet (an array by its `[0]`
  /// name). A debug build refuses to draw while any is left: a value forgotten in a struct
  /// would otherwise read as zero and fail silently.
  private var unsetUniforms: Set<String>

  /// Compiles and links the embedded shaders with these file names.
  public convenience init(context: GPUContext, vertex: String, fragment: String) throws {
    guard let vertexFile = ShaderSource.named(vertex) else {
      throw GPUError.shaderNotFound(name: vertex)
    }
    guard let fragmentFile = ShaderSource.named(fragment) else {
      throw GPUError.shaderNotFound(name: fragment)
    }
    try self.init(context: context, vertex: vertexFile, fragment: fragmentFile)
  }

  /// Compiles and links two shader files, embedded or built from strings.
  ///
  /// A shader the driver rejects throws `GPUError.shaderCompile` naming the file and the line.
  public init(context: GPUContext, vertex: ShaderFile, fragment: ShaderFile) throws {
    GPUContext.driverLock.lock()
    defer { GPUContext.driverLock.unlock() }
    try context.ensureCurrent()
    self.context = context
    vertexName = vertex.name
    fragmentName = fragment.name

    let vertexShader = try Self.compile(vertex, stage: GLenum(GL_VERTEX_SHADER))
    defer { glDeleteShader(vertexShader) }
    let fragmentShader = try Self.compile(fragment, stage: GLenum(GL_FRAGMENT_SHADER))
    defer { glDeleteShader(fragmentShader) }

    let program = glCreateProgram()
    try checkGL("glCreateProgram")
    glAttachShader(program, vertexShader)
    glAttachShader(program, fragmentShader)
    glLinkProgram(program)
    var linked: GLint = 0
    glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
    guard linked == GL_TRUE else {
      let log = Self.programLog(program)
      glDeleteProgram(program)
      throw GPUError.shaderLink(
        vertex: vertex.name, fragment: fragment.name,
        message: log.isEmpty ? "the driver gave no log" : log)
    }
    do {
      try checkGL("glLinkProgram")
      (uniforms, unsetUniforms) = try Self.activeUniforms(program)
    } catch {
      glDeleteProgram(program)
      throw error
    }
    self.program = program
  }

  deinit {
    context.cleanUp {
      glDeleteProgram(program)
    }
  }

  /// The location of the active uniform `name`, or `nil` if the program has none of that name
  /// (it is misspelt, or the driver optimised it away because the shader never reads it).
  public func uniformLocation(_ name: String) -> Int32? {
    uniforms[name]
  }

  /// Sets every member of `group`, named `name.member`, that the program still has (a
  /// generated program drops what it never reads).
  public func set(_ group: some UniformGroup, as name: String) throws {
    for member in group.uniformMembers {
      let full = "\(name).\(member.name)"
      guard uniforms[full] != nil else { continue }
      try set(full, member.value)
    }
  }

  /// Sets the uniform `name` to `value`, if the program has it (see `set(_:as:)`).
  public func setIfActive(_ name: String, _ value: UniformValue) throws {
    guard uniforms[name] != nil else { return }
    try set(name, value)
  }

  private func set(_ name: String, _ value: UniformValue) throws {
    switch value {
    case .float(let v): try setUniform(name, v)
    case .vec2(let v): try setUniform(name, v)
    case .vec3(let v): try setUniform(name, v)
    case .vec4(let v): try setUniform(name, v)
    case .int(let v): try setUniform(name, v)
    case .mat3(let v): try setUniform(name, matrix3: v)
    }
  }

  /// Sets a `float` uniform.
  public func setUniform(_ name: String, _ value: Float) throws {
    try withUniform(name) { location in
      glUniform1f(location, value)
      try checkGL("glUniform1f(\(name))")
    }
  }

  /// Sets a `vec2` uniform.
  public func setUniform(_ name: String, _ value: SIMD2<Float>) throws {
    try withUniform(name) { location in
      glUniform2f(location, value.x, value.y)
      try checkGL("glUniform2f(\(name))")
    }
  }

  /// Sets a `vec3` uniform.
  public func setUniform(_ name: String, _ value: SIMD3<Float>) throws {
    try withUniform(name) { location in
      glUniform3f(location, value.x, value.y, value.z)
      try checkGL("glUniform3f(\(name))")
    }
  }

  /// Sets a `vec4` uniform.
  public func setUniform(_ name: String, _ value: SIMD4<Float>) throws {
    try withUniform(name) { location in
      glUniform4f(location, value.x, value.y, value.z, value.w)
      try checkGL("glUniform4f(\(name))")
    }
  }

  /// Sets a `mat3` uniform from nine floats in column-major order (GLSL's own order).
  public func setUniform(_ name: String, matrix3 columns: [Float]) throws {
    guard columns.count == 9 else {
      throw GPUError.invalidArgument(
        function: "ShaderProgram.setUniform(matrix3:)", reason: "\(columns.count) floats, not 9")
    }
    try withUniform(name) { location in
      glUniformMatrix3fv(location, 1, GLboolean(GL_FALSE), columns)
      try checkGL("glUniformMatrix3fv(\(name))")
    }
  }

  /// Sets an `int` or `bool` uniform.
  public func setUniform(_ name: String, _ value: Int32) throws {
    try withUniform(name) { location in
      glUniform1i(location, value)
      try checkGL("glUniform1i(\(name))")
    }
  }

  /// Sets an `ivec2` uniform.
  public func setUniform(_ name: String, _ value: SIMD2<Int32>) throws {
    try withUniform(name) { location in
      glUniform2i(location, value.x, value.y)
      try checkGL("glUniform2i(\(name))")
    }
  }

  /// Draws the full-screen triangle into `target`, with each texture bound to the sampler
  /// uniform of its key. Samplers get texture units in the order of their names. With a
  /// `region` (x, y, width, height in the target's pixels, as `gl_FragCoord` counts them), only
  /// the fragments inside it are shaded and written.
  public func draw(
    into target: Framebuffer, textures: [String: Texture] = [:], region: SIMD4<Int32>? = nil
  ) throws {
    guard target.context === context, textures.values.allSatisfy({ $0.context === context })
    else {
      throw GPUError.invalidArgument(
        function: "ShaderProgram.draw", reason: "textures and target belong to another context")
    }
    let targets = target.textures
    guard !textures.values.contains(where: { texture in targets.contains { $0 === texture } })
    else {
      throw GPUError.invalidArgument(
        function: "ShaderProgram.draw", reason: "the target's texture cannot also be sampled")
    }
    guard textures.count <= context.maxTextureImageUnits else {
      throw GPUError.invalidArgument(
        function: "ShaderProgram.draw",
        reason: "\(textures.count) textures, but only \(context.maxTextureImageUnits) units")
    }
    #if DEBUG
      guard unsetUniforms.isEmpty else {
        throw GPUError.uniformsNotSet(names: unsetUniforms.sorted(), program: fragmentName)
      }
    #endif
    try context.withCurrent {
      target.bind()
      glUseProgram(program)
      for (unit, (name, texture)) in textures.sorted(by: { $0.key < $1.key }).enumerated() {
        guard let location = uniforms[name] else {
          throw GPUError.unknownUniform(name: name, program: fragmentName)
        }
        glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.texture)
        glUniform1i(location, GLint(unit))
      }
      try checkGL("binding textures for \(fragmentName)")
      if let region {
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(region.x, region.y, region.z, region.w)
      }
      glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
      if region != nil { glDisable(GLenum(GL_SCISSOR_TEST)) }
      try checkGL("glDrawArrays(\(vertexName), \(fragmentName))")
    }
  }

  /// Finds `name`'s location and calls `body` with it, the context current and the program in
  /// use (inside `GPUContext.withCurrent`).
  private func withUniform(_ name: String, _ body: (GLint) throws -> Void) throws {
    guard let location = uniforms[name] else {
      throw GPUError.unknownUniform(name: name, program: fragmentName)
    }
    unsetUniforms.remove(name)
    unsetUniforms.remove(name + "[0]")
    try context.withCurrent {
      glUseProgram(program)
      try body(location)
    }
  }

  private static func compile(_ file: ShaderFile, stage: GLenum) throws -> GLuint {
    let shader = glCreateShader(stage)
    try checkGL("glCreateShader")
    file.text.withCString { text in
      var source: UnsafePointer<GLchar>? = text
      glShaderSource(shader, 1, &source, nil)
    }
    glCompileShader(shader)
    var compiled: GLint = 0
    glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
    guard compiled == GL_TRUE else {
      let log = ShaderLog(parsing: shaderLog(shader))
      glDeleteShader(shader)
      let part = log.line.map { file.part(ofLine: $0) }
      throw GPUError.shaderCompile(
        file: part?.name ?? file.name, line: part?.line, message: log.message)
    }
    return shader
  }

  private static func shaderLog(_ shader: GLuint) -> String {
    var length: GLint = 0
    glGetShaderiv(shader, GLenum(GL_INFO_LOG_LENGTH), &length)
    guard length > 0 else { return "" }
    var log = [GLchar](repeating: 0, count: Int(length))
    glGetShaderInfoLog(shader, length, nil, &log)
    return Self.text(log)
  }

  private static func programLog(_ program: GLuint) -> String {
    var length: GLint = 0
    glGetProgramiv(program, GLenum(GL_INFO_LOG_LENGTH), &length)
    guard length > 0 else { return "" }
    var log = [GLchar](repeating: 0, count: Int(length))
    glGetProgramInfoLog(program, length, nil, &log)
    return Self.text(log).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The text of a NUL-terminated buffer GL filled in.
  private static func text(_ buffer: [GLchar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Every active uniform's location by name (an array is listed as `name` and `name[0]`),
  /// and the names of those that are not samplers.
  private static func activeUniforms(_ program: GLuint) throws -> (
    [String: GLint], values: Set<String>
  ) {
    var count: GLint = 0
    glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORMS), &count)
    var longest: GLint = 0
    glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORM_MAX_LENGTH), &longest)
    try checkGL("glGetProgramiv(GL_ACTIVE_UNIFORMS)")
    var uniforms: [String: GLint] = [:]
    var values: Set<String> = []
    let samplers: Set<GLenum> = [
      GLenum(GL_SAMPLER_2D), GLenum(GL_SAMPLER_3D), GLenum(GL_SAMPLER_CUBE),
      GLenum(GL_SAMPLER_2D_ARRAY), GLenum(GL_INT_SAMPLER_2D), GLenum(GL_UNSIGNED_INT_SAMPLER_2D),
    ]
    var buffer = [GLchar](repeating: 0, count: Int(max(longest, 1)))
    for index in 0..<max(count, 0) {
      var size: GLint = 0
      var type: GLenum = 0
      glGetActiveUniform(program, GLuint(index), GLsizei(buffer.count), nil, &size, &type, &buffer)
      let name = Self.text(buffer)
      let location = glGetUniformLocation(program, buffer)
      guard location >= 0 else { continue }  // a member of a uniform block has no location
      uniforms[name] = location
      if !samplers.contains(type) { values.insert(name) }
      if name.hasSuffix("[0]") {
        uniforms[String(name.dropLast(3))] = location
      }
    }
    try checkGL("glGetActiveUniform")
    return (uniforms, values)
  }
}

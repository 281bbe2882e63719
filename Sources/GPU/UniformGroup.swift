/// A value for one uniform, typed as GLSL declares it.
public enum UniformValue: Equatable, Sendable {
  case float(Float)
  case vec2(SIMD2<Float>)
  case vec3(SIMD3<Float>)
  case vec4(SIMD4<Float>)
  case int(Int32)
  /// Nine floats, column-major as GLSL takes them.
  case mat3([Float])
}

/// One member of a GLSL struct uniform: its name in the struct, and its value.
public struct UniformMember: Equatable, Sendable {
  public var name: String
  public var value: UniformValue

  public init(_ name: String, _ value: UniformValue) {
    self.name = name
    self.value = value
  }
}

/// A Swift struct that mirrors a GLSL struct: its members by their GLSL names, so a program's
/// uniforms are set from one typed value rather than name by name (see `ShaderProgram.set`).
public protocol UniformGroup {
  var uniformMembers: [UniformMember] { get }
}

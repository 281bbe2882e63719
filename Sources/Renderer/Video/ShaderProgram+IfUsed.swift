import GPU

extension ShaderProgram {
  // The driver drops uniforms a generated program never reads (a layer without a key has no
  // use for `similarity`), so the compositor sets each one only where it is still there.

  func setIfUsed(_ name: String, _ value: Float) throws {
    if uniformLocation(name) != nil { try setUniform(name, value) }
  }

  func setIfUsed(_ name: String, _ value: SIMD2<Float>) throws {
    if uniformLocation(name) != nil { try setUniform(name, value) }
  }

  func setIfUsed(_ name: String, _ value: SIMD3<Float>) throws {
    if uniformLocation(name) != nil { try setUniform(name, value) }
  }

  func setIfUsed(_ name: String, _ value: SIMD4<Float>) throws {
    if uniformLocation(name) != nil { try setUniform(name, value) }
  }

  func setIfUsed(_ name: String, matrix3 value: [Float]) throws {
    if uniformLocation(name) != nil { try setUniform(name, matrix3: value) }
  }
}

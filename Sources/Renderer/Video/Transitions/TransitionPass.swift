import GPU

/// The transition pass (`Transition.frag` and the kind's file): draws two items' prepared
/// layers as one prepared layer over the whole frame, which the stacking pass then draws in
/// the sequence's place. One program per kind and plane, made on first use.
final class TransitionPass {
  let context: GPUContext
  private var programs: [String: ShaderProgram] = [:]
  /// How many transition frames it has drawn.
  private(set) var count = 0

  init(context: GPUContext) {
    self.context = context
  }

  /// One input: a prepared item and its opacity on this frame.
  struct Input {
    var layer: PreparedLayer
    var opacity: Double
  }

  /// Draws `effect` from `outgoing` and `incoming` (either may be missing: an item hidden on
  /// this frame is transparent) into `target`.
  func run(
    _ effect: any TransitionEffect, outgoing: Input?, incoming: Input?, into target: PreparedLayer
  ) throws {
    guard let any = outgoing ?? incoming else { return }
    target.content = nil
    let shifts = effect.shifts
    for plane in [StackTarget.luma, .chroma] {
      let program = try self.program(file: effect.file, target: plane)
      // Plane samples: luma at full size, chroma at half.
      let scale = plane == .luma ? 1.0 : 0.5
      func uniforms(_ input: Input?, shift: SIMD2<Double>) -> UniformMembers {
        guard let input else {
          return UniformMembers(uniformMembers: [
            UniformMember("origin", .vec2(.zero)), UniformMember("size", .vec2(.zero)),
            UniformMember("opacity", .float(0)), UniformMember("shift", .vec2(.zero)),
          ])
        }
        let bounds = input.layer.bounds
        let size = input.layer.size
        return UniformMembers(uniformMembers: [
          UniformMember(
            "origin", .vec2(SIMD2(Float(Double(bounds.x) * scale), Float(Double(bounds.y) * scale)))
          ),
          UniformMember(
            "size", .vec2(SIMD2(Float(Double(size.x) * scale), Float(Double(size.y) * scale)))),
          UniformMember("opacity", .float(Float(input.opacity))),
          UniformMember(
            "shift", .vec2(SIMD2(Float(shift.x * scale), Float(shift.y * scale)))),
        ])
      }
      try program.set(uniforms(outgoing, shift: shifts.outgoing), as: "outgoing")
      try program.set(uniforms(incoming, shift: shifts.incoming), as: "incoming")
      try program.setIfActive(
        "outputOrigin",
        .vec2(SIMD2(Float(Double(target.bounds.x) * scale), Float(Double(target.bounds.y) * scale)))
      )
      try program.set(
        UniformMembers(uniformMembers: effect.uniforms(plane)), as: effect.uniformName)
      var textures = effect.textures
      for (name, input) in [("outgoing", outgoing), ("incoming", incoming)] {
        // A missing input reads nothing (its size is zero); the other's planes stand in for
        // its samplers.
        let source = (input ?? any).layer
        let planes = plane == .luma ? source.luma.textures : source.chroma.textures
        for (index, texture) in planes.enumerated() { textures["\(name)Plane\(index)"] = texture }
      }
      let size = target.size
      let region =
        plane == .luma
        ? SIMD4(0, 0, Int32(size.x / 4), Int32(size.y))
        : SIMD4(0, 0, Int32(size.x / 8), Int32(size.y / 2))
      try program.draw(
        into: plane == .luma ? target.luma : target.chroma,
        textures: textures.filter { program.uniformLocation($0.key) != nil }, region: region)
    }
    count += 1
  }

  private func program(file: String, target: StackTarget) throws -> ShaderProgram {
    let key = "\(file) \(target)"
    if let cached = programs[key] { return cached }
    let program = try AssembledProgram.make(
      context: context, parts: ["Transition.frag", file],
      generated: "void main() { \(target == .luma ? "writeLuma" : "writeChroma")(); }\n",
      generatedName: "Transition.frag (generated main)")
    programs[key] = program
    return program
  }
}

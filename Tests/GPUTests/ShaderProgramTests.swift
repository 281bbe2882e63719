import Shaders
import Testing

@testable import GPU

@Suite struct ShaderProgramTests {
  @Test func aBrokenFragmentShaderNamesItsFileAndLine() throws {
    let context = try GPUContext(platform: .surfaceless)
    let vertex = try #require(ShaderSource.named("Fullscreen.vert"))
    let broken = ShaderFile(
      name: "Broken.frag",
      text: """
        #version 300 es
        precision highp float;
        out vec4 fragmentColor;
        void main() {
            fragmentColor = undefinedColour;
        }
        """)
    let error = #expect(throws: GPUError.self) {
      try ShaderProgram(context: context, vertex: vertex, fragment: broken)
    }
    guard case .shaderCompile(let file, let line, let message) = error else {
      Issue.record("expected a compile error, got \(String(describing: error))")
      return
    }
    #expect(file == "Broken.frag")
    #expect(line == 5)
    #expect(message.contains("undefinedColour"))
  }

  @Test func anErrorInAnAssembledShaderNamesThePartAndItsOwnLine() throws {
    let context = try GPUContext(platform: .surfaceless)
    let vertex = try #require(ShaderSource.named("Fullscreen.vert"))
    let first = ShaderFile(
      name: "First.frag",
      text: "#version 300 es\nprecision highp float;\nfloat one() { return 1.0; }\n")
    let second = ShaderFile(
      name: "Second.frag",
      text: "#version 300 es\nprecision highp float;\n\nfloat two() { return missing; }\n")
    let assembled = ShaderFile(
      assembling: [first, second],
      generated: (
        name: "main (generated)",
        text: "out vec4 color;\nvoid main() { color = vec4(one() + two()); }\n"
      ))
    let error = #expect(throws: GPUError.self) {
      try ShaderProgram(context: context, vertex: vertex, fragment: assembled)
    }
    guard case .shaderCompile(let file, let line, let message) = error else {
      Issue.record("expected a compile error, got \(String(describing: error))")
      return
    }
    #expect(file == "Second.frag", "\(message)")
    #expect(line == 4)
    #expect(message.contains("missing"))
  }

  @Test func definesSpecialiseAnAssembledShaderAndKeepItsLineNumbers() throws {
    let context = try GPUContext(platform: .surfaceless)
    let vertex = try #require(ShaderSource.named("Fullscreen.vert"))
    let first = ShaderFile(
      name: "First.frag",
      text: "#version 300 es\nprecision highp float;\n#ifdef BROKEN\nfloat x = broken;\n#endif\n")
    let main = ShaderFile(
      name: "Main.frag",
      text: "#version 300 es\nout vec4 color;\nvoid main() { color = vec4(SHADE); }\n")
    // Specialised one way the program builds; the other way its error is at the first part's
    // own line 4, below the defines set after its `#version`.
    _ = try ShaderProgram(
      context: context, vertex: vertex,
      fragment: ShaderFile(assembling: [first, main], defines: ["SHADE 0.5"]))
    let error = #expect(throws: GPUError.self) {
      try ShaderProgram(
        context: context, vertex: vertex,
        fragment: ShaderFile(assembling: [first, main], defines: ["SHADE 0.5", "BROKEN"]))
    }
    guard case .shaderCompile(let file, let line, let message) = error else {
      Issue.record("expected a compile error, got \(String(describing: error))")
      return
    }
    #expect(file == "First.frag", "\(message)")
    #expect(line == 4)
    #expect(message.contains("broken"))
  }

  @Test func aDebugBuildRefusesToDrawWithAUniformLeftUnset() throws {
    #if DEBUG
      let context = try GPUContext(platform: .surfaceless)
      let vertex = try #require(ShaderSource.named("Fullscreen.vert"))
      let fragment = ShaderFile(
        name: "Two.frag",
        text: """
          #version 300 es
          precision highp float;
          struct Pair { float a; float b; };
          uniform Pair pair;
          out vec4 color;
          void main() { color = vec4(pair.a, pair.b, 0.0, 1.0); }
          """)
      let program = try ShaderProgram(context: context, vertex: vertex, fragment: fragment)
      let target = try Framebuffer(context: context, width: 4, height: 4)
      try program.setUniform("pair.a", Float(0.5))
      #expect(throws: GPUError.uniformsNotSet(names: ["pair.b"], program: "Two.frag")) {
        try program.draw(into: target)
      }
      try program.set(TestPair(a: 0.25, b: 0.75), as: "pair")
      try program.draw(into: target)
      let pixel = try target.readPixels()
      #expect(pixel[0] == 64 && pixel[1] == 191)
    #endif
  }

  @Test func anUnknownShaderNameIsAnError() throws {
    let context = try GPUContext(platform: .surfaceless)
    #expect(throws: GPUError.shaderNotFound(name: "Missing.frag")) {
      try ShaderProgram(context: context, vertex: "Fullscreen.vert", fragment: "Missing.frag")
    }
  }

  @Test func uniformsAreFoundByName() throws {
    let context = try GPUContext(platform: .surfaceless)
    let program = try ShaderProgram(
      context: context, vertex: "Fullscreen.vert", fragment: "SolidColor.frag")
    #expect(program.uniformLocation("color") != nil)
    #expect(program.uniformLocation("colour") == nil)
    #expect(throws: GPUError.unknownUniform(name: "colour", program: "SolidColor.frag")) {
      try program.setUniform("colour", SIMD4<Float>(0, 0, 0, 1))
    }
  }

  @Test(arguments: [
    (
      "0:12(3): error: syntax error, unexpected IDENTIFIER", 12,
      "syntax error, unexpected IDENTIFIER"
    ),
    ("0(7) : error C1008: undefined variable \"x\"", 7, "undefined variable \"x\""),
    ("ERROR: 0:9: 'x' : undeclared identifier", 9, "'x' : undeclared identifier"),
  ])
  func driverLogsOfEachDialectGiveTheLine(log: String, line: Int, message: String) {
    let parsed = ShaderLog(parsing: log + "\n")
    #expect(parsed.line == line)
    #expect(parsed.message == message)
  }

  @Test func laterLogLinesAreKeptAfterTheFirstError() {
    let parsed = ShaderLog(
      parsing: "0:3(1): warning: unused\n0:5(2): error: first\n0:6(2): error: second\n")
    #expect(parsed.line == 5)
    #expect(parsed.message == "first\n0:3(1): warning: unused\n0:6(2): error: second")
  }
}

/// A typed value for `struct Pair { float a; float b; }`.
struct TestPair: UniformGroup {
  var a: Float
  var b: Float
  var uniformMembers: [UniformMember] {
    [UniformMember("a", .float(a)), UniformMember("b", .float(b))]
  }
}

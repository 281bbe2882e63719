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

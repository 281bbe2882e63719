import Foundation
import Shaders
import Testing

@Suite struct ShaderSourceTests {
  /// `Shaders/GLSL` in the source tree, found from this file's path.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Shaders/GLSL")

  @Test func everyFileInTheFolderIsEmbeddedVerbatim() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".vert") || $0.hasSuffix(".frag") }
      .sorted()
    #expect(!names.isEmpty)
    #expect(ShaderSource.all.map(\.name) == names)
    for name in names {
      let onDisk = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
      #expect(ShaderSource.named(name)?.text == onDisk, "\(name)")
    }
  }

  @Test func everyShaderIsGLSLES300() {
    for file in ShaderSource.all {
      #expect(file.text.hasPrefix("#version 300 es\n"), "\(file.name)")
    }
  }

  @Test func anUnknownNameHasNoShader() {
    #expect(ShaderSource.named("Nothing.frag") == nil)
  }
}

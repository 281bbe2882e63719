import Diagnostics
import ProjectFile
import Testing

/// `output.file` must fit the file system's limits, with the names derived from it, and is
/// refused at its value otherwise, however it was made.
@Suite("Output name limits")
struct OutputNameRulesTests {
  /// A name of `bytes` bytes ending in `.mp4`.
  static func name(_ bytes: Int) -> String {
    String(repeating: "a", count: bytes - 4) + ".mp4"
  }

  static func load(output: String, set overrides: [String: String] = [:]) throws -> LoadResult {
    try PathRulesTests.load(
      PathRulesTests.project(source: "media/plate.mp4", output: output), set: overrides)
  }

  @Test(
    "a name too long for itself or for what is derived from it is refused at output.file",
    arguments: [(250, 288), (300, 338), (218, 256)])
  func tooLong(bytes: Int, derived: Int) throws {
    let result = try Self.load(output: Self.name(bytes))
    let found = PathRulesTests.errors(result, "output-name-too-long")
    try #require(found.count == 1, "\(result.diagnostics)")
    #expect(found[0].location?.file == "project.yaml")
    #expect(found[0].location?.line == 5)
    #expect(found[0].location?.column == 9)
    #expect(found[0].message.hasPrefix("output.file: the file name is \(bytes) bytes"))
    #expect(found[0].message.contains("limit of 255 bytes per name"))
    if bytes <= 255 {
      #expect(found[0].message.contains("the temporary file chromake writes beside it"))
      #expect(found[0].message.contains("(\(derived) bytes"))
    }
    #expect(found[0].help?.contains("at most 217 bytes") == true)
    #expect(result.diagnostics.filter { $0.severity == .error }.count == 1)
  }

  @Test("the longest name that fits is accepted, in a subfolder too")
  func longestFits() throws {
    for output in [Self.name(217), "renders/" + Self.name(217)] {
      let result = try Self.load(output: output)
      #expect(!result.diagnostics.hasErrors, "\(output): \(result.diagnostics)")
    }
  }

  @Test("a folder name over 255 bytes is refused too")
  func folderTooLong() throws {
    let result = try Self.load(output: String(repeating: "f", count: 256) + "/x.mp4")
    let found = PathRulesTests.errors(result, "output-name-too-long")
    try #require(found.count == 1, "\(result.diagnostics)")
    #expect(
      found[0].message == "output.file: a folder's name is 256 bytes, over the file "
        + "system's limit of 255 bytes per name")
  }

  @Test("a path too long once the temporary file's name is added is refused")
  func pathTooLong() throws {
    let folder = Array(repeating: String(repeating: "d", count: 250), count: 16)
      .joined(separator: "/")
    let result = try Self.load(output: folder + "/x.mp4")
    let found = PathRulesTests.errors(result, "output-path-too-long")
    try #require(found.count == 1, "\(result.diagnostics)")
    #expect(found[0].message.contains("over the limit of 4095 bytes per path"))
    #expect(found[0].location?.line == 5)
  }

  @Test("a NUL in output.file or in a media path is refused, never rewritten")
  func nul() throws {
    let output = try Self.load(output: "\"out/a\\0b.mp4\"")
    let found = PathRulesTests.errors(output, "nul-in-path")
    try #require(found.count == 1, "\(output.diagnostics)")
    #expect(
      found[0].message == "output.file: it contains a NUL character, which no file name can hold")
    #expect(found[0].location?.line == 5)
    #expect(found[0].location?.column == 9)
    let media = try PathRulesTests.load(PathRulesTests.project(source: "\"media/a\\0.mp4\""))
    let inMedia = PathRulesTests.errors(media, "nul-in-path")
    #expect(inMedia.count == 1, "\(media.diagnostics)")
    #expect(inMedia.first?.location?.line == 10)
    #expect(media.spec?.mediaReferences.isEmpty ?? true, "a refused path was handed on")
  }

  @Test("a name made by a variable is checked after substitution, naming the value")
  func fromVariable() throws {
    let long = String(repeating: "b", count: 250)
    let result = try Self.load(output: "\"out/{{name}}.mp4\"", set: ["name": long])
    let found = PathRulesTests.errors(result, "output-name-too-long")
    try #require(found.count == 1, "\(result.diagnostics)")
    #expect(found[0].location?.line == 5)
    #expect(found[0].notes.contains { $0.message.hasPrefix("'{{name}}' was replaced by") })
    let nul = try Self.load(output: "\"out/{{name}}.mp4\"", set: ["name": "a\u{0}b"])
    #expect(PathRulesTests.errors(nul, "nul-in-path").count == 1, "\(nul.diagnostics)")
  }
}

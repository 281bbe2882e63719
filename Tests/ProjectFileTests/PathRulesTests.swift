import Diagnostics
import Foundation
import ProjectFile
import Testing

/// "Data is data": values from `--set`, `variables:` or data rows may choose a file, never reach
/// one outside the project (or the output's folder), and no path is ever a URL or a protocol.
@Suite("Path rules")
struct PathRulesTests {
  /// A project whose only layer's source is `source`, written on line 10 from column 13.
  static func project(source: String = "\"{{src}}\"", output: String = "out/x.mp4") -> String {
    """
    version: 1
    variables:
      src: media/plate.mp4
    output:
      file: \(output)
      size: 320x180
      fps: 30
    layers:
      - name: plate
        source: \(source)

    """
  }

  /// Loads `text` as `project.yaml` in a fresh folder, after `prepare` has filled the folder.
  ///
  /// The project's folder sits in a fresh folder of its own, so that what `..` leads to (a
  /// `../shared` say) is only what the test put there, never whatever lies in the system's
  /// temporary folder.
  static func load(
    _ text: String, set overrides: [String: String] = [:], allowOutsideRoot: Bool = false,
    prepare: (URL) throws -> Void = { _ in }
  ) throws -> LoadResult {
    let parent = FileManager.default.temporaryDirectory
      .appendingPathComponent("chromake-path-rules-\(UUID().uuidString)")
    let folder = parent.appendingPathComponent("project")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: parent) }
    try prepare(folder)
    return ProjectLoader.load(
      text: text, path: "project.yaml", directory: folder.path,
      overrides: overrides.map { VariableOverride(name: $0.key, value: $0.value) },
      allowOutsideRoot: allowOutsideRoot)
  }

  static func errors(_ result: LoadResult, _ id: String) -> [Diagnostic] {
    result.diagnostics.filter { $0.severity == .error && $0.id == id }
  }

  @Test(
    "a --set value leading out of the folder or naming a URL is refused at the value",
    arguments: [
      ("../../etc/passwd", "path-outside-project"),
      ("/etc/passwd", "path-outside-project"),
      ("media/../../secret.mp4", "path-outside-project"),
      ("http://example.com/a.mp4", "not-a-local-file"),
      ("concat:a.mp4|b.mp4", "not-a-local-file"),
      ("pipe:0", "not-a-local-file"),
    ])
  func refusedFromSet(value: String, id: String) throws {
    let result = try Self.load(Self.project(), set: ["src": value])
    let found = Self.errors(result, id)
    try #require(found.count == 1, "\(result.diagnostics)")
    #expect(found[0].location?.file == "project.yaml")
    #expect(found[0].location?.line == 10)
    #expect(found[0].location?.column == 13)
    #expect(found[0].message.contains(value) || id == "not-a-local-file")
    #expect(
      found[0].notes.contains { $0.message == "'{{src}}' was replaced by '\(value)' (from --set)" })
    // Refused paths are not handed on, so nothing probes the file.
    #expect(result.spec?.mediaReferences.isEmpty ?? true)
  }

  @Test("the refusal says where the path led and how to allow it")
  func outsideMessage() throws {
    let result = try Self.load(Self.project(), set: ["src": "/etc/passwd"])
    let found = try #require(Self.errors(result, "path-outside-project").first)
    #expect(found.message == "source '/etc/passwd' leads outside the project's folder")
    #expect(found.notes.contains { $0.message.hasPrefix("resolved to /etc/passwd, outside /") })
    #expect(found.help == "pass --allow-outside-root to allow it")
  }

  @Test("a URL written in the file itself is refused, with help for names with a colon")
  func literalURL() throws {
    let result = try Self.load(Self.project(source: "http://example.com/plate.mp4"))
    let found = Self.errors(result, "not-a-local-file")
    try #require(found.count == 1, "\(result.diagnostics)")
    #expect(found[0].location?.line == 10)
    #expect(found[0].location?.column == 13)
    #expect(found[0].notes.isEmpty)
    #expect(found[0].help?.contains("./name") == true)
  }

  @Test("a literal output URL is refused too")
  func literalOutputURL() throws {
    let result = try Self.load(Self.project(output: "rtmp://example.com/live/x.mp4"))
    let found = Self.errors(result, "not-a-local-file")
    try #require(found.count == 1, "\(result.diagnostics)")
    #expect(found[0].location?.line == 5)
    #expect(found[0].location?.column == 9)
  }

  @Test(
    "paths written without placeholders may lead anywhere",
    arguments: ["../x.mp4", "../shared/media/x.mp4", "/srv/media/x.mp4", "./take:2.mp4"])
  func literalPathsAreFree(source: String) throws {
    let result = try Self.load(Self.project(source: source))
    #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
    #expect(result.spec?.mediaReferences.map(\.path.value) == [source])
  }

  @Test("a variable may name any file inside the folder, by a relative or an absolute path")
  func insideIsFine() throws {
    let byDefault = try Self.load(Self.project())
    #expect(!byDefault.diagnostics.hasErrors, "\(byDefault.diagnostics)")
    let relative = try Self.load(Self.project(), set: ["src": "media/a/../b.mp4"])
    #expect(!relative.diagnostics.hasErrors, "\(relative.diagnostics)")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chromake-path-rules-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let absolute = ProjectLoader.load(
      text: Self.project(), path: "project.yaml", directory: folder.path,
      overrides: [
        VariableOverride(name: "src", value: folder.appendingPathComponent("media/a.mp4").path)
      ])
    #expect(!absolute.diagnostics.hasErrors, "\(absolute.diagnostics)")
  }

  @Test("--allow-outside-root lets a variable lead out of the folder, but not to a URL")
  func allowOutsideRoot() throws {
    let outside = try Self.load(
      Self.project(), set: ["src": "../x.mp4"], allowOutsideRoot: true)
    #expect(!outside.diagnostics.hasErrors, "\(outside.diagnostics)")
    #expect(outside.spec?.mediaReferences.count == 1)
    let url = try Self.load(
      Self.project(), set: ["src": "http://example.com/a.mp4"], allowOutsideRoot: true)
    #expect(Self.errors(url, "not-a-local-file").count == 1)
  }

  @Test("a symbolic link inside the folder that leads outside is refused through a variable")
  func symbolicLinks() throws {
    let outside = FileManager.default.temporaryDirectory
      .appendingPathComponent("chromake-path-rules-outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outside) }
    try Data("secret".utf8).write(to: outside.appendingPathComponent("secret.mp4"))
    func prepare(_ folder: URL) throws {
      let media = folder.appendingPathComponent("media")
      try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: media.appendingPathComponent("link.mp4").path,
        withDestinationPath: outside.appendingPathComponent("secret.mp4").path)
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("shared").path, withDestinationPath: outside.path)
      // A link whose target does not exist (yet) is followed all the same.
      try FileManager.default.createSymbolicLink(
        atPath: media.appendingPathComponent("dangling.mp4").path,
        withDestinationPath: outside.appendingPathComponent("later/x.mp4").path)
    }
    for value in ["media/link.mp4", "shared/secret.mp4", "media/dangling.mp4", "shared/new.mp4"] {
      let result = try Self.load(Self.project(), set: ["src": value], prepare: prepare)
      let found = Self.errors(result, "path-outside-project")
      #expect(found.count == 1, "\(value): \(result.diagnostics)")
      #expect(found.first?.location?.line == 10)
      #expect(found.first?.notes.contains { $0.message.contains("through symbolic links") } == true)
    }
    let literal = try Self.load(Self.project(source: "media/link.mp4"), prepare: prepare)
    #expect(!literal.diagnostics.hasErrors, "\(literal.diagnostics)")
  }

  @Test("a link to a place inside the folder is fine, as is a folder reached through a link")
  func linksInside() throws {
    let result = try Self.load(Self.project(), set: ["src": "alias/plate.mp4"]) { folder in
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("media"), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("alias").path, withDestinationPath: "media")
    }
    #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
  }

  @Test(
    "an output built from a variable stays in the folder written before the placeholder",
    arguments: [
      ("\"out/{{name}}.mp4\"", "../../x", false),
      ("\"out/{{name}}.mp4\"", "../x", false),
      ("\"out/{{name}}.mp4\"", "/tmp/x", true),
      ("\"{{name}}.mp4\"", "/tmp/x", false),
      ("\"out/{{name}}.mp4\"", "sub/x", true),
      ("\"out/{{name}}.mp4\"", "x", true),
      ("\"renders/v{{name}}/x.mp4\"", "2/../../y", false),
      ("\"renders/v{{name}}/x.mp4\"", "2", true),
      ("\"{{name}}.mp4\"", "../x", false),
      ("\"{{name}}.mp4\"", "x", true),
      ("\"../shared/{{name}}.mp4\"", "x", true),
    ])
  func outputFolder(output: String, name: String, accepted: Bool) throws {
    for allow in [false, true] {
      let result = try Self.load(
        Self.project(source: "media/plate.mp4", output: output), set: ["name": name],
        allowOutsideRoot: allow)
      let found = Self.errors(result, "output-outside-folder")
      #expect(found.count == (accepted ? 0 : 1), "\(output) with \(name): \(result.diagnostics)")
      if let error = found.first {
        #expect(error.location?.line == 5)
        #expect(error.location?.column == 9)
        #expect(error.notes.contains { $0.message.contains("'{{name}}' was replaced by") })
      }
    }
  }

  @Test("an output folder reached through a link that leads outside is refused")
  func outputThroughLink() throws {
    let outside = FileManager.default.temporaryDirectory
      .appendingPathComponent("chromake-path-rules-outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outside) }
    let result = try Self.load(
      Self.project(source: "media/plate.mp4", output: "\"out/{{name}}.mp4\""),
      set: ["name": "link/x"]
    ) { folder in
      let out = folder.appendingPathComponent("out")
      try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: out.appendingPathComponent("link").path, withDestinationPath: outside.path)
    }
    #expect(Self.errors(result, "output-outside-folder").count == 1, "\(result.diagnostics)")
  }

  @Test(
    "links are followed: into the project they are fine, out of it only in the written folder",
    arguments: [
      // The folder written before the placeholder is a link inside the project.
      ("\"out/{{name}}.mp4\"", "out", "renders", "x", true),
      // A link beside the project's folder, as `../shared` may be on a shared volume.
      ("\"../shared/{{name}}.mp4\"", "../shared", "elsewhere", "x", true),
      ("\"../shared/sub/{{name}}.mp4\"", "../shared", "elsewhere", "x", true),
      // A link the variable's part goes through, to another folder of the project.
      ("\"out/{{name}}.mp4\"", "out/link", "../renders", "link/x", true),
      ("\"out/{{name}}.mp4\"", "out/link", "../renders", "link/../x", true),
      // ... but not out of the project, nor out of the folder by text.
      ("\"out/{{name}}.mp4\"", "out/link", "../../elsewhere", "link/x", false),
      ("\"out/{{name}}.mp4\"", "out/link", "../../elsewhere", "link/../x", false),
      ("\"out/{{name}}.mp4\"", "out/link", "../renders", "../renders/x", false),
    ])
  func outputFolderLinks(output: String, link: String, target: String, name: String, accepted: Bool)
    throws
  {
    let result = try Self.load(
      Self.project(source: "media/plate.mp4", output: output), set: ["name": name]
    ) { folder in
      let files = FileManager.default
      try files.createDirectory(
        at: folder.appendingPathComponent("renders"), withIntermediateDirectories: true)
      try files.createDirectory(
        at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
      try files.createDirectory(
        at: folder.appendingPathComponent("../elsewhere/sub").standardizedFileURL,
        withIntermediateDirectories: true)
      let linkURL = folder.appendingPathComponent(link).standardizedFileURL
      if files.fileExists(atPath: linkURL.path) { try files.removeItem(at: linkURL) }
      try files.createSymbolicLink(atPath: linkURL.path, withDestinationPath: target)
    }
    let found = Self.errors(result, "output-outside-folder")
    #expect(found.count == (accepted ? 0 : 1), "\(output) with \(name): \(result.diagnostics)")
  }

  @Test("a value keeps its text as written when placeholders were substituted")
  func template() throws {
    let result = try Self.load(
      Self.project(output: "\"out/{{name}}.mp4\""), set: ["name": "a"])
    let spec = try #require(result.spec)
    #expect(spec.output.file.value == "out/a.mp4")
    #expect(spec.output.file.template == "out/{{name}}.mp4")
    #expect(spec.mediaReferences.first?.path.template == "{{src}}")
    let plain = try #require(try Self.load(Self.project(source: "media/plate.mp4")).spec)
    #expect(plain.output.file.template == nil)
    #expect(plain.mediaReferences.first?.path.template == nil)
  }

  @Test(
    "what counts as a URL or an FFmpeg protocol",
    arguments: [
      ("http://example.com/a.mp4", "http"), ("https:a", "https"), ("rtmp://x", "rtmp"),
      ("ftp://x/y", "ftp"), ("concat:a|b", "concat"), ("file:a.mp4", "file"),
      ("pipe:0", "pipe"), ("data:video/mp4;base64,AAAA", "data"), ("crypto:x", "crypto"),
      ("subfile,,start,0,end,9,,:/etc/passwd", "subfile"), ("take:2.mp4", "take"),
      ("c:x.mp4", "c"),
    ])
  func schemes(path: String, scheme: String) {
    #expect(PathRules.urlScheme(of: path) == scheme)
  }

  @Test(
    "what counts as a plain path",
    arguments: [
      "./take:2.mp4", "media/take:2.mp4", "/srv/a:b.mp4", "plate.mp4", " http://x", ":x.mp4",
    ])
  func plainPaths(path: String) {
    #expect(PathRules.urlScheme(of: path) == nil)
  }
}

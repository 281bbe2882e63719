import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite(
  "chromake render: damaged inputs fail at the layer's line, never crash, leave nothing",
  .tags(.endToEnd))
struct RenderSafetyDamageTests {
  /// A whole plate under a small layer that reads the damaged file as `role`: its source, or
  /// its matte over a whole source.
  static func project(damaged file: String, role: String) -> SafetyProject {
    var lines = [
      "version: 1",
      "output:",
      "  file: out.mp4",
      "  size: 320x180",
      "  fps: 25",
      "  video: { preset: ultrafast }",
      "layers:",
      "  - name: plate",
      "    source: media/plate.mp4",
      "  - name: damaged",
      "    box: [160, 90, 160, 90]",
    ]
    lines +=
      role == "source"
      ? ["    source: \(file)"] : ["    source: media/plate.mp4", "    matte: \(file)"]
    return SafetyProject(lines: lines)
  }

  /// Writes a whole 4 s plate, and the same clip in `container` as `name`, damaged by `damage`.
  private func prepare(
    _ folder: ScratchFolder, name: String, container: SafetyMedia.Container,
    damage: (String) throws -> Void
  ) throws {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    try SafetyMedia.clip(folder.path("media/plate.mp4"), seconds: 4)
    try SafetyMedia.clip(folder.path(name), seconds: 4, container: container)
    try damage(folder.path(name))
  }

  /// Checks that the diagnostic on `stderr` begins at the damaged layer's line.
  private func expectLocated(
    _ stderr: String, _ project: SafetyProject, severity: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let prefixes = project.layerPrefixes("damaged", severity: severity)
    #expect(prefixes.count == 2, sourceLocation: sourceLocation)
    let located = stderr.split(separator: "\n").contains { line in
      prefixes.contains { line.hasPrefix($0) }
    }
    #expect(
      located, "no '\(prefixes.first ?? "")…' line in stderr:\n\(stderr)",
      sourceLocation: sourceLocation)
  }

  @Test(
    "a file cut in half that passes check fails the render at its layer, writing nothing",
    arguments: ["source", "matte"])
  func truncated(role: String) throws {
    try withScratchFolder { folder in
      let file = "media/cut.mp4"
      try prepare(folder, name: file, container: .mp4, damage: SafetyMedia.truncateToHalf)
      let project = Self.project(damaged: file, role: role)
      try project.write(in: folder)
      // The index is whole, so the project checks out: the damage only shows while decoding.
      let check = try SafetyRun.run(["check", "project.yaml"], in: folder.url)
      try #require(check.ending == .exit(0), "check:\n\(check.stderr)")

      let first = try SafetyRun.run(
        ["render", "project.yaml", "--progress", "json"], in: folder.url)
      #expect(first.ending == .exit(1), "stderr:\n\(first.stderr)")
      expectLocated(first.stderr, project, severity: "error")
      #expect(first.stderr.contains("\(role) '\(file)'"), "stderr:\n\(first.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path("out.mp4")))
      #expect(SafetyFiles.partials(under: folder.url) == [])
      for line in first.stdout.split(separator: "\n") {
        let object = try #require(RenderSafetyProgressTests.object(String(line)), "\(line)")
        #expect(object["done"] as? Bool == false, "a failed render said done: \(line)")
      }

      let earlier = try SafetyFiles.writeEarlierOutput(folder.path("out.mp4"))
      let second = try SafetyRun.run(
        ["render", "project.yaml", "--progress", "none"], in: folder.url)
      #expect(second.ending == .exit(1), "stderr:\n\(second.stderr)")
      expectLocated(second.stderr, project, severity: "error")
      #expect(SafetyFiles.contents(folder.path("out.mp4")) == earlier, "out.mp4 was touched")
      #expect(SafetyFiles.partials(under: folder.url) == [])
    }
  }

  @Test(
    "noise over the middle of a file: a warning about the damage or an error at the layer",
    arguments: [SafetyMedia.Container.mp4, .ts])
  func scribbled(container: SafetyMedia.Container) throws {
    try withScratchFolder { folder in
      let file = "media/noisy.\(container)"
      try prepare(folder, name: file, container: container, damage: SafetyMedia.scribble)
      let project = Self.project(damaged: file, role: "source")
      try project.write(in: folder)
      let earlier = try SafetyFiles.writeEarlierOutput(folder.path("out.mp4"))

      let run = try SafetyRun.run(
        ["render", "project.yaml", "--progress", "none"], in: folder.url)
      #expect(SafetyFiles.partials(under: folder.url) == [])
      switch run.ending {
      case .exit(0):
        // Finished: the damage must be reported, and the movie be whole.
        expectLocated(run.stderr, project, severity: "warning")
        #expect(run.stderr.contains("damaged"), "stderr:\n\(run.stderr)")
        #expect(try SafetyFiles.decodedFrameCount(folder.path("out.mp4")) == 100)
      case .exit(1):
        expectLocated(run.stderr, project, severity: "error")
        #expect(SafetyFiles.contents(folder.path("out.mp4")) == earlier, "out.mp4 was touched")
      default:
        Issue.record("render ended by \(run.ending); stderr:\n\(run.stderr)")
      }
    }
  }
}

import Diagnostics
import Foundation
import RenderPlan
import Session
import TestSupport
import Testing
import Timeline

/// The front half of every command, on real files: a project is loaded with its children, its
/// media probed with FFmpeg, its text fitted by the real typesetter, and planned; what is wrong
/// comes back as located diagnostics, all at once.
@Suite("ProjectSession: load, probe, fit and plan")
struct ProjectSessionTests {
  /// Writes `yaml` as `name` in `folder`, with a 64×36 PNG beside it as `logo.png`.
  static func write(_ yaml: String, as name: String = "p.yaml", in folder: ScratchFolder) throws {
    try yaml.write(toFile: folder.path(name), atomically: true, encoding: .utf8)
    if !FileManager.default.fileExists(atPath: folder.path("logo.png")) {
      try FFmpegCommand.ffmpeg(
        ["-f", "lavfi", "-i", "testsrc2=size=64x36", "-frames:v", "1", folder.path("logo.png")])
    }
  }

  static let header =
    "version: 1\noutput: { file: out.mp4, size: 320x180, fps: 25, duration: 2s }\n"

  @Test("a project with a picture and a fitted text plans, its picture probed")
  func plansWithProbedMediaAndFittedText() throws {
    try withScratchFolder { folder in
      try Self.write(
        Self.header + """
          layers:
            - { name: logo, image: logo.png, box: [0, 0, 64, 36] }
            - name: title
              text: "A title far too long for its little box at this size"
              font: "DejaVu Sans 48"
              size_min: 6
              box: [0, 100, 320, 60]
          """, in: folder)
      let session = ProjectSession.open(path: folder.path("p.yaml"), overrides: [])
      #expect(!session.diagnostics.hasErrors, "\(session.diagnostics)")
      let plan = try #require(session.plan)
      #expect(plan.layers.map(\.name) == ["logo", "title"])
      guard case .image(let image) = plan.layers[0].content else {
        Issue.record("the logo is planned as \(plan.layers[0].content)")
        return
      }
      #expect(image.path.hasSuffix("logo.png"))
      #expect(image.display.rotation == 0 && image.display.sampleAspectRatio == .one)
      guard case .text(let text) = plan.layers[1].content else {
        Issue.record("the title is planned as \(plan.layers[1].content)")
        return
      }
      // Shrunk by the real typesetter from 48 px to a whole size that fits.
      #expect(text.fit.fits)
      #expect(text.fit.size < 48 && text.fit.size >= 6)
      #expect(text.fit.size == text.fit.size.rounded())
    }
  }

  @Test("a missing picture and a child drawing its parent are reported together, located")
  func everyProblemAtOnceLocated() throws {
    try withScratchFolder { folder in
      try Self.write(
        Self.header + """
          layers:
            - { name: gone, image: missing.png }
            - { name: child, project: child.yaml }
          """, in: folder)
      try Self.write(
        Self.header + "layers:\n  - { name: parent, project: p.yaml }\n", as: "child.yaml",
        in: folder)
      let session = ProjectSession.open(path: folder.path("p.yaml"), overrides: [])
      #expect(session.plan == nil)
      let errors = session.diagnostics.filter { $0.severity == .error }
      let missing = try #require(errors.first { $0.id == "missing-media" }, "\(errors)")
      #expect(missing.location?.line == 4)
      #expect(missing.message.contains("missing.png"))
      let cycle = try #require(errors.first { $0.id == "project-cycle" }, "\(errors)")
      #expect(cycle.message.contains("p.yaml") && cycle.message.contains("child.yaml"))
    }
  }

  @Test("facts already known (a render record's) are used without opening the file")
  func knownFactsAreNotProbedAgain() throws {
    try withScratchFolder { folder in
      try Self.write(
        Self.header + "layers:\n  - { name: logo, image: logo.png, box: [0, 0, 64, 36] }\n",
        in: folder)
      let probed = ProjectSession.open(path: folder.path("p.yaml"), overrides: [])
      let plan = try #require(probed.plan)
      let input = try #require(plan.inputs.first)
      let path = plan.resolvedPath(input.path)
      let spec = try #require(probed.spec)
      let facts = try #require(MediaInspector.inspect(spec).facts[path], "no facts for \(path)")
      // The file is gone: only the known facts can plan it.
      try FileManager.default.removeItem(atPath: path)
      let known = ProjectSession.open(path: folder.path("p.yaml"), overrides: []) { _, asked in
        asked == path ? facts : nil
      }
      #expect(!known.diagnostics.hasErrors, "\(known.diagnostics)")
      #expect(known.plan?.layers.count == 1)
      let unknown = ProjectSession.open(path: folder.path("p.yaml"), overrides: [])
      #expect(unknown.diagnostics.contains { $0.id == "missing-media" })
    }
  }
}

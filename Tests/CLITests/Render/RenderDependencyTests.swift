import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite("chromake deps and render --depfile: rules make can include", .tags(.endToEnd))
struct RenderDependencyTests {
  private static let project = """
    version: 1
    output: { file: out/a.mp4, size: 64x48, fps: 10, video: { preset: ultrafast } }
    layers:
      - { name: clip, source: media/my clip.mp4 }
    """

  private func makeMedia(in folder: ScratchFolder) throws {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    try FFmpegCommand.ffmpeg(
      TestMedia.pattern(size: "64x48", rate: 10, seconds: "0.5") + TestMedia.h264()
        + [folder.path("media/my clip.mp4")])
    try Self.project.write(
      to: folder.url.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
  }

  @Test("deps prints the output, the project and every input, escaped for make")
  func depsPrintsTheRule() throws {
    try withScratchFolder { folder in
      try makeMedia(in: folder)
      let run = try ChromakeBinary.run(["deps", "a.yaml"], in: folder.url)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(
        run.stdout == "out/a.mp4: \\\n  a.yaml \\\n  media/my\\ clip.mp4\n\nmedia/my\\ clip.mp4:\n")
    }
  }

  @Test("make reruns the render only when the project or an input changed")
  func makeUsesTheDepfile() throws {
    try withScratchFolder { folder in
      try makeMedia(in: folder)
      let binary = ChromakeBinary.url.path
      try """
      out/a.mp4:
      \t\(binary) render a.yaml --progress none --depfile a.d
      -include a.d

      """.write(
        to: folder.url.appendingPathComponent("Makefile"), atomically: true, encoding: .utf8)
      func make() throws -> ToolRun { try ToolRun.run(tool: "make", ["-C", folder.url.path]) }

      let first = try make()
      #expect(first.status == 0, "\(first.stderr)")
      #expect(first.stdout.contains("render a.yaml"), "the first make renders")
      let second = try make()
      #expect(second.status == 0)
      #expect(!second.stdout.contains("render a.yaml"), "nothing changed: \(second.stdout)")
      // An input newer than the output: make renders again.
      let later = Date().addingTimeInterval(5)
      try FileManager.default.setAttributes(
        [.modificationDate: later], ofItemAtPath: folder.path("media/my clip.mp4"))
      let third = try make()
      #expect(third.stdout.contains("render a.yaml"), "a changed input: \(third.stdout)")
      // A deleted input: make still runs the render, which names the missing file.
      try FileManager.default.removeItem(atPath: folder.path("media/my clip.mp4"))
      let fourth = try make()
      #expect(fourth.stdout.contains("render a.yaml"), "\(fourth.stdout)\(fourth.stderr)")
      #expect(fourth.stderr.contains("no such file 'media/my clip.mp4'"), "\(fourth.stderr)")
    }
  }

  @Test("make -j2 over three projects: a changed input renders exactly the projects using it")
  func makeRendersExactlyTheUsers() throws {
    try withScratchFolder { folder in
      try FileManager.default.createDirectory(
        at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
      func clip(_ name: String, seconds: String) throws {
        try FFmpegCommand.ffmpeg(
          TestMedia.pattern(size: "64x48", rate: 10, seconds: seconds) + TestMedia.h264()
            + [folder.path("media/\(name).mp4")])
      }
      try clip("shared", seconds: "0.5")
      try clip("own", seconds: "0.5")
      for (name, source) in [("a", "shared"), ("b", "shared"), ("c", "own")] {
        try """
        version: 1
        output: { file: out/\(name).mp4, size: 64x48, fps: 10, video: { preset: ultrafast } }
        layers:
          - { name: clip, source: media/\(source).mp4 }
        """.write(
          to: folder.url.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
      }
      try """
      all: out/a.mp4 out/b.mp4 out/c.mp4
      out/%.mp4: %.yaml
      \t\(ChromakeBinary.url.path) render $< --progress none --depfile $*.d
      -include a.d b.d c.d

      """.write(
        to: folder.url.appendingPathComponent("Makefile"), atomically: true, encoding: .utf8)
      func make() throws -> ToolRun {
        try ToolRun.run(tool: "make", ["-j2", "-C", folder.url.path])
      }
      func stamps() throws -> [Date] {
        try ["a", "b", "c"].map {
          try #require(
            try FileManager.default.attributesOfItem(atPath: folder.path("out/\($0).mp4"))[
              .modificationDate] as? Date)
        }
      }
      func rendered(_ run: ToolRun) -> [String] {
        ["a", "b", "c"].filter { run.stdout.contains("render \($0).yaml") }
      }

      let first = try make()
      #expect(first.status == 0, "\(first.stderr)")
      #expect(rendered(first) == ["a", "b", "c"])
      #expect(rendered(try make()).isEmpty, "nothing changed")
      let before = try stamps()

      // Touched, same content: make asks again for exactly a and b, chromake finds them up to
      // date and writes nothing; their outputs are brought forward so make stops asking.
      try FileManager.default.setAttributes(
        [.modificationDate: Date()], ofItemAtPath: folder.path("media/shared.mp4"))
      let touched = try make()
      #expect(rendered(touched) == ["a", "b"], "\(touched.stdout)")
      #expect(touched.stderr.contains("out/a.mp4 is up to date"), "\(touched.stderr)")
      #expect(rendered(try make()).isEmpty, "make is satisfied again")

      // New content: exactly a and b are rendered again.
      try clip("shared", seconds: "0.7")
      let changed = try make()
      #expect(rendered(changed) == ["a", "b"], "\(changed.stdout)")
      #expect(!changed.stderr.contains("up to date"), "\(changed.stderr)")
      let after = try stamps()
      #expect(after[0] != before[0] && after[1] != before[1])
      #expect(after[2] == before[2], "c was not touched")
    }
  }
}

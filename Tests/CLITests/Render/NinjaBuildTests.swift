import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite("ninja with render --depfile: deps = gcc and restat", .tags(.endToEnd))
struct NinjaBuildTests {
  /// The rule of `examples/build/build.ninja`, for three projects in one folder.
  private static func buildFile(chromake: String) -> String {
    """
    chromake = '\(chromake.replacingOccurrences(of: "$", with: "$$"))'

    rule render
      command = $chromake render $in --progress none --depfile $out.d
      description = RENDER $out
      depfile = $out.d
      deps = gcc
      restat = 1

    build out/a.mp4: render a.yaml
    build out/b.mp4: render b.yaml
    build out/c.mp4: render c.yaml

    """
  }

  @Test("a changed input renders exactly the projects using it; then ninja has no work")
  func ninjaRendersExactlyTheUsers() throws {
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
      try Self.buildFile(chromake: ChromakeBinary.url.path).write(
        to: folder.url.appendingPathComponent("build.ninja"), atomically: true, encoding: .utf8)
      func ninja() throws -> ToolRun {
        let run = try ToolRun.run(tool: "ninja", ["-C", folder.url.path])
        #expect(run.status == 0, "ninja failed (scripts/install-deps installs it): \(run)")
        return run
      }
      func rendered(_ run: ToolRun) -> [String] {
        ["a", "b", "c"].filter { run.stdout.contains("RENDER out/\($0).mp4") }
      }
      func stamps() throws -> [Date] {
        try ["a", "b", "c"].map {
          try #require(
            try FileManager.default.attributesOfItem(atPath: folder.path("out/\($0).mp4"))[
              .modificationDate] as? Date)
        }
      }

      let first = try ninja()
      #expect(rendered(first) == ["a", "b", "c"], "\(first.stdout)")
      #expect(try ninja().stdout.contains("ninja: no work to do."), "nothing changed")
      let before = try stamps()

      // Touched, same content: ninja asks again for exactly a and b; chromake finds them up to
      // date and brings their outputs forward, so the next ninja has nothing to do.
      try FileManager.default.setAttributes(
        [.modificationDate: Date()], ofItemAtPath: folder.path("media/shared.mp4"))
      let touched = try ninja()
      #expect(rendered(touched) == ["a", "b"], "\(touched.stdout)")
      #expect(touched.stdout.contains("out/a.mp4 is up to date"), "\(touched.stdout)")
      #expect(try ninja().stdout.contains("ninja: no work to do."), "ninja is satisfied again")

      // New content: exactly a and b are rendered again, and c's output is left alone.
      try clip("shared", seconds: "0.7")
      let changed = try ninja()
      #expect(rendered(changed) == ["a", "b"], "\(changed.stdout)")
      #expect(!changed.stdout.contains("up to date"), "\(changed.stdout)")
      let after = try stamps()
      #expect(after[0] != before[0] && after[1] != before[1])
      #expect(after[2] == before[2], "c was not touched")
      #expect(try ninja().stdout.contains("ninja: no work to do."), "all built")
    }
  }
}

import Foundation
import TestSupport
import Testing

@Suite("chromake deps and render --depfile: rules make can include")
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
      #expect(run.stdout == "out/a.mp4: \\\n  a.yaml \\\n  media/my\\ clip.mp4\n")
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
    }
  }
}

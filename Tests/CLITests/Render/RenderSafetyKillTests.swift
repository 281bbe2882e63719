import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite(
  "chromake render: what SIGKILL leaves, and the next render of the output removing it",
  .tags(.endToEnd))
struct RenderSafetyKillTests {
  /// Files a cleaner must never take: another extension, another output, a name merely alike.
  static let lookalikes = [
    ".out.chromake-4242-0000abcd.partial.mov", ".outtake.chromake-4242-0000abcd.partial.mp4",
    ".out.chromake-4242-0000ABCD.partial.mp4", ".out.chromake-4242-0000abcd.partial.mp4.bak",
  ]

  /// The long render of `RenderSafetyInterruptTests` as `long.yaml`, a one-second render of
  /// the same `out.mp4` as `short.yaml`, and the lookalikes.
  private func prepare(_ folder: ScratchFolder) throws {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    try SafetyMedia.clip(folder.path("media/loop.mp4"), seconds: 2)
    try RenderSafetyInterruptTests.project.write("long.yaml", in: folder)
    try RenderSafetyOutputTests.project(output: "out.mp4").lines
      .map { $0.replacingOccurrences(of: "media/clip.mp4", with: "media/loop.mp4") }
      .joined(separator: "\n").appending("\n")
      .write(to: folder.url.appendingPathComponent("short.yaml"), atomically: true, encoding: .utf8)
    for name in Self.lookalikes {
      _ = FileManager.default.createFile(atPath: folder.path(name), contents: Data("x".utf8))
    }
  }

  /// Starts the long render and waits for its first frame; its temporary file is then there.
  private func startLong(in folder: ScratchFolder) throws -> (RunningChromake, String) {
    let render = try RunningChromake(
      ["render", "long.yaml", "--progress", "json", "--force"], in: folder.url)
    try #require(
      render.waitForOutputLine(seconds: 240), "no progress before the end:\n\(render.stderr)")
    let own = SafetyFiles.partials(under: folder.url).filter {
      $0.hasPrefix(".out.chromake-\(render.process.processIdentifier)-")
    }
    try #require(own.count == 1, "\(SafetyFiles.partials(under: folder.url))")
    return (render, own[0])
  }

  @Test("SIGKILL leaves the temporary file; the next render removes it, never a live one's")
  func killedRenders() throws {
    try withScratchFolder { folder in
      try prepare(folder)
      let lookalikes = Self.lookalikes.sorted()
      func partials() -> [String] {
        SafetyFiles.partials(under: folder.url).filter { !lookalikes.contains($0) }
      }

      // Killed outright, the render runs no code: its temporary file stays.
      let (killed, killedPartial) = try startLong(in: folder)
      killed.send(SIGKILL)
      #expect(killed.finish(within: 60) == .signal(SIGKILL))
      #expect(partials() == [killedPartial], "what SIGKILL left")

      // The next render of out.mp4 removes it as it starts; while it runs, a third render of
      // out.mp4 finishes and leaves the running one's file alone, since its writer is alive.
      let (running, runningPartial) = try startLong(in: folder)
      #expect(partials() == [runningPartial], "the killed render's file is still there")
      let short = try SafetyRun.run(
        ["render", "short.yaml", "--progress", "none"], in: folder.url)
      #expect(short.ending == .exit(0), "stderr:\n\(short.stderr)")
      #expect(try SafetyFiles.decodedFrameCount(folder.path("out.mp4")) == 25)
      #expect(running.process.isRunning)
      #expect(partials() == [runningPartial], "a live render's temporary file was touched")

      // Killed in turn, its file goes at the next run for out.mp4, even one with nothing to
      // render (short.yaml is up to date).
      running.send(SIGKILL)
      #expect(running.finish(within: 60) == .signal(SIGKILL))
      #expect(partials() == [runningPartial])
      let again = try SafetyRun.run(
        ["render", "short.yaml", "--progress", "none"], in: folder.url)
      #expect(again.ending == .exit(0), "stderr:\n\(again.stderr)")
      #expect(again.stderr.contains("up to date"), "stderr:\n\(again.stderr)")
      #expect(partials() == [])
      #expect(SafetyFiles.partials(under: folder.url) == lookalikes, "a lookalike was removed")
    }
  }
}

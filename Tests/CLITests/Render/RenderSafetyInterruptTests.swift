import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite(
  "chromake render: an interrupted render leaves no file behind and an earlier output whole",
  .tags(.endToEnd))
struct RenderSafetyInterruptTests {
  /// A 2 s clip looped for a minute at 640 × 360 with libx264's medium preset: long enough to
  /// be still running whenever the test signals it, on any machine.
  static let project = SafetyProject(lines: [
    "version: 1",
    "output:",
    "  file: out.mp4",
    "  size: 640x360",
    "  fps: 25",
    "  duration: 60s",
    "  video: { preset: medium }",
    "layers:",
    "  - name: plate",
    "    source: media/loop.mp4",
    "    loop: true",
  ])

  /// Writes the clip and the project, and an earlier output at `out.mp4`; returns its bytes.
  private func prepare(_ folder: ScratchFolder) throws -> Data {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    try SafetyMedia.clip(folder.path("media/loop.mp4"), seconds: 2)
    try Self.project.write(in: folder)
    return try SafetyFiles.writeEarlierOutput(folder.path("out.mp4"))
  }

  struct SignalCase: Sendable, CustomTestStringConvertible {
    var number: Int32
    var name: String
    var status: Int32
    var testDescription: String { "\(name) → \(status)" }
  }

  @Test(
    "a signal mid-render exits 128 + signal, says so, deletes the temporary file, keeps out.mp4",
    arguments: [
      SignalCase(number: SIGINT, name: "SIGINT", status: 130),
      SignalCase(number: SIGTERM, name: "SIGTERM", status: 143),
    ])
  func signalMidRender(_ signal: SignalCase) throws {
    try withScratchFolder { folder in
      let earlier = try prepare(folder)
      let earlierInode = SafetyFiles.inode(folder.path("out.mp4"))
      let render = try RunningChromake(
        ["render", "project.yaml", "--progress", "json"], in: folder.url)
      // The first progress line comes after the first frame: the movie is being written.
      try #require(
        render.waitForOutputLine(seconds: 240), "no progress before the end:\n\(render.stderr)")
      let partials = SafetyFiles.partials(under: folder.url)
      #expect(partials.count == 1, "temporary files while rendering: \(partials)")
      if let partial = partials.first {
        #expect(partial.hasPrefix(".out.chromake-\(render.process.processIdentifier)-"))
        #expect(partial.hasSuffix(".partial.mp4"))
      }

      render.send(signal.number)
      let ending = render.finish(within: 120)
      #expect(ending == .exit(signal.status), "stderr:\n\(render.stderr)")
      #expect(
        render.stderr.contains("interrupted by \(signal.name)"), "stderr:\n\(render.stderr)")
      #expect(SafetyFiles.partials(under: folder.url) == [])
      #expect(SafetyFiles.contents(folder.path("out.mp4")) == earlier, "out.mp4 was touched")
      #expect(SafetyFiles.inode(folder.path("out.mp4")) == earlierInode, "out.mp4 was replaced")
      // Progress stays JSON to the end and never claims a finished render.
      let lines = render.stdout.split(separator: "\n").map(String.init)
      #expect(!lines.isEmpty)
      for line in lines {
        let object = try #require(RenderSafetyProgressTests.object(line), "not JSON: \(line)")
        #expect(object["done"] as? Bool == false, "\(line)")
      }
    }
  }

  @Test("a second Ctrl-C forces the exit, and still leaves no temporary file and out.mp4 whole")
  func repeatedSignal() throws {
    try withScratchFolder { folder in
      let earlier = try prepare(folder)
      let render = try RunningChromake(
        ["render", "project.yaml", "--progress", "json"], in: folder.url)
      try #require(
        render.waitForOutputLine(seconds: 240), "no progress before the end:\n\(render.stderr)")
      render.send(SIGINT)
      render.send(SIGINT)
      let ending = render.finish(within: 120)
      // Whichever comes first: the render stopping on the first, or the forced exit.
      #expect(
        ending == .exit(130) || ending == .signal(SIGINT),
        "\(String(describing: ending)), stderr:\n\(render.stderr)")
      #expect(SafetyFiles.partials(under: folder.url) == [])
      #expect(SafetyFiles.contents(folder.path("out.mp4")) == earlier, "out.mp4 was touched")
    }
  }

  @Test("Ctrl-C at any moment of start-up ends the run without a temporary file left")
  func signalDuringStartUp() throws {
    try withScratchFolder { folder in
      let earlier = try prepare(folder)
      for delay in [0.0, 0.02, 0.1, 0.25, 0.5, 1.0] {
        let render = try RunningChromake(
          ["render", "project.yaml", "--progress", "none"], in: folder.url)
        usleep(UInt32(delay * 1e6))
        render.send(SIGINT)
        // A signal in the instant the watch is being set up may be lost (the render then goes
        // on); the user's second Ctrl-C must end it all the same.
        if RunningChromake.poll(seconds: 30, { !render.process.isRunning }) == false {
          render.send(SIGINT)
        }
        let ending = render.finish(within: 120)
        #expect(
          ending == .exit(130) || ending == .signal(SIGINT),
          "after \(delay) s: \(String(describing: ending)), stderr:\n\(render.stderr)")
        #expect(SafetyFiles.partials(under: folder.url) == [], "after \(delay) s")
        #expect(
          SafetyFiles.contents(folder.path("out.mp4")) == earlier,
          "after \(delay) s: out.mp4 was touched")
      }
    }
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite(
  "chromake batch: SIGTERM mid-batch stops it before any row is done, leaving nothing",
  .tags(.endToEnd))
struct RenderSafetyResponseTests {
  /// One row's minute of looped 640 × 360 video with libx264's medium preset: still running
  /// whenever the test signals it, on any machine.
  static let project = SafetyProject(lines: [
    "version: 1",
    "variables:",
    "  name: a",
    "output:",
    "  file: out-{{name}}.mp4",
    "  size: 640x360",
    "  fps: 25",
    "  duration: 60s",
    "  video: { preset: medium }",
    "layers:",
    "  - name: plate",
    "    source: media/loop.mp4",
    "    loop: true",
  ])

  @Test("SIGTERM to a two-job batch of three rows: exit 143 before any row is done, nothing left")
  func sigtermMidBatch() throws {
    try withScratchFolder { folder in
      try FileManager.default.createDirectory(
        at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
      try SafetyMedia.clip(folder.path("media/loop.mp4"), seconds: 2)
      try Self.project.write(in: folder)
      try "name\nfirst\nsecond\nthird\n".write(
        toFile: folder.path("rows.csv"), atomically: true, encoding: .utf8)
      let batch = try RunningChromake(
        ["batch", "project.yaml", "--data", "rows.csv", "--jobs", "2"], in: folder.url)
      // Both jobs are writing their movies once two temporary files exist.
      try #require(
        batch.waitForPartials(2, under: folder.url),
        "the batch did not start two renders:\n\(batch.stderr)")

      batch.send(SIGTERM)
      // Judged by order, not by a clock a loaded machine slows: the batch must end before any
      // of its rows' minute-long movies is done (none is written, below), not run them out.
      let ending = batch.finish(within: 120)
      // Stopped between frames (exit 143), or ended by the signal after the grace period.
      #expect(
        ending == .exit(143) || ending == .signal(SIGTERM),
        "\(String(describing: ending)), stderr:\n\(batch.stderr)")
      #expect(SafetyFiles.partials(under: folder.url) == [])
      let outputs = SafetyFiles.listing(folder.url).filter { $0.hasPrefix("out-") }
      #expect(outputs == [], "outputs of an interrupted batch: \(outputs)")
    }
  }
}

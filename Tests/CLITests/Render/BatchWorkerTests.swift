import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `batch --jobs N` renders on N worker processes: what happens when one of them, or the
/// batch itself, dies without a chance to clean up.
@Suite("chromake batch: worker processes that die", .tags(.endToEnd))
struct BatchWorkerTests {
  /// A row's movie of `{{length}}` of looped 640 × 360 video with libx264's medium preset.
  static let project = SafetyProject(lines: [
    "version: 1",
    "variables:",
    "  name: a",
    "  length: 1s",
    "output:",
    "  file: out-{{name}}.mp4",
    "  size: 640x360",
    "  fps: 25",
    "  duration: \"{{length}}\"",
    "  video: { preset: medium }",
    "layers:",
    "  - name: plate",
    "    source: media/loop.mp4",
    "    loop: true",
  ])

  private static func prepare(_ folder: ScratchFolder, rows: String) throws {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    try SafetyMedia.clip(folder.path("media/loop.mp4"), seconds: 2)
    try project.write(in: folder)
    try rows.write(toFile: folder.path("rows.csv"), atomically: true, encoding: .utf8)
  }

  @Test("a worker killed mid-row costs that row alone: it is reported failed, the rest render")
  func killedWorker() throws {
    try withScratchFolder { folder in
      try Self.prepare(folder, rows: "name,length\nlong,60s\nb,0.4s\nc,0.4s\n")
      let batch = try RunningChromake(
        ["batch", "project.yaml", "--data", "rows.csv", "--jobs", "2", "--report", "r.json"],
        in: folder.url)
      // The short rows are done and their worker has ended: one worker is left, on row 1.
      try #require(
        RunningChromake.poll(seconds: 240) {
          (FileManager.default.fileExists(atPath: folder.path("out-c.mp4"))
            && batch.children.count == 1) || !batch.process.isRunning
        } && batch.process.isRunning, "the short rows did not finish first:\n\(batch.stderr)")
      for worker in batch.children { kill(worker, SIGKILL) }

      let ending = batch.finish(within: 30)
      #expect(ending == .exit(1), "\(String(describing: ending)), stderr:\n\(batch.stderr)")
      #expect(
        batch.stderr.contains(
          "row 1 (rows.csv:2) failed: its worker process was killed by signal 9"),
        "\(batch.stderr)")
      struct Report: Decodable {
        struct Row: Decodable {
          var status: String
          var reasons: [String]
        }
        var rows: [Row]
      }
      let report = try JSONDecoder().decode(
        Report.self, from: Data(contentsOf: folder.url.appendingPathComponent("r.json")))
      #expect(report.rows.map(\.status) == ["failed", "rendered", "rendered"])
      #expect(report.rows[0].reasons == ["its worker process was killed by signal 9"])
      #expect(!FileManager.default.fileExists(atPath: folder.path("out-long.mp4")))
      for name in ["b", "c"] {
        let frames = try SafetyFiles.decodedFrameCount(folder.path("out-\(name).mp4"))
        #expect(frames == 10, "out-\(name).mp4: \(String(describing: frames)) frames")
      }
    }
  }

  @Test(
    "SIGKILL to a two-job batch: its workers stop long before their rows could end and leave no temporary file; LP_NUM_THREADS set by the user is theirs"
  )
  func killedBatch() throws {
    try withScratchFolder { folder in
      try Self.prepare(folder, rows: "name,length\nfirst,60s\nsecond,60s\nthird,60s\n")
      let batch = try RunningChromake(
        ["batch", "project.yaml", "--data", "rows.csv", "--jobs", "2"], in: folder.url,
        environment: ["LP_NUM_THREADS": "3"])
      try #require(
        batch.waitForPartials(2, under: folder.url),
        "the batch did not start two renders:\n\(batch.stderr)")
      let workers = batch.children
      #expect(workers.count == 2)
      for worker in workers {
        #expect(RunningChromake.environment("LP_NUM_THREADS", of: worker) == "3")
      }

      batch.send(SIGKILL)
      // Watched before `finish`: Foundation's Process may not see the batch's end until the
      // processes that inherited from it have ended too. Judged by order, not by a clock: each
      // row is a minute of video, so workers gone within half that were stopped, not done (a
      // stopped worker takes well under a second, a loaded machine's scheduling aside).
      let ended = RunningChromake.poll(seconds: 30) {
        !workers.contains(where: RunningChromake.isAlive)
      }
      #expect(ended, "workers still run 30 s after the batch died: they were not stopped")
      _ = batch.finish(within: 10)
      #expect(SafetyFiles.partials(under: folder.url) == [])
      #expect(SafetyFiles.listing(folder.url).filter { $0.hasPrefix("out-") } == [])
    }
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `chromake batch` as a user runs it: real data files, real renders on two jobs.
@Suite("chromake batch: one render per data row", .tags(.endToEnd))
struct BatchCommandTests {
  private static let project = """
    version: 1
    variables: { label: a, x: 0 }
    output: { file: "out/ad-{{label}}.mp4", size: 64x48, fps: 10, video: { preset: ultrafast } }
    layers:
      - name: plate
        source: media/plate.mp4
      - name: badge
        source: media/badge.mp4
        box: ["{{x}}", 8, 16, 16]
    """

  private func makeProject(in folder: ScratchFolder) throws {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    try FFmpegCommand.ffmpeg(
      TestMedia.pattern(size: "64x48", rate: 10, seconds: "0.3") + TestMedia.h264()
        + [folder.path("media/plate.mp4")])
    try FFmpegCommand.ffmpeg(
      ["-f", "lavfi", "-i", "color=c=white:size=16x16:rate=10:duration=0.3"] + TestMedia.h264()
        + [folder.path("media/badge.mp4")])
    try write(Self.project, to: "a.yaml", in: folder)
  }

  private func write(_ text: String, to name: String, in folder: ScratchFolder) throws {
    try text.write(to: folder.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  private func batch(_ folder: ScratchFolder, _ arguments: [String]) throws -> ToolRun {
    try ChromakeBinary.run(["batch", "a.yaml"] + arguments, in: folder.url)
  }

  private struct Report: Decodable {
    struct Row: Decodable {
      var row: Int
      var status: String
      var output: String?
      var reasons: [String]
      var seconds: Double?
    }
    struct Totals: Decodable, Equatable {
      var rendered, upToDate, failed, otherShard, notStarted: Int
    }
    struct DriverLock: Decodable {
      var heldSeconds, waitedSeconds: Double
    }
    var rows: [Row]
    var totals: Totals
    var seconds: Double
    var driverLock: DriverLock?
  }

  private func report(_ folder: ScratchFolder, _ name: String) throws -> Report {
    try JSONDecoder().decode(
      Report.self, from: Data(contentsOf: folder.url.appendingPathComponent(name)))
  }

  /// Twelve rows, the seventh with a box position that is not a number.
  private static let rows: String = {
    var csv = "label,x\n"
    for row in 1...12 { csv += row == 7 ? "r7,\"four, five\"\n" : "r\(row),\(row * 3)\n" }
    return csv
  }()

  @Test("12 rows on 2 jobs: the bad row is located and fails alone; a rerun renders nothing")
  func twelveRowsOneBad() throws {
    try withScratchFolder { folder in
      try makeProject(in: folder)
      try write(Self.rows, to: "ads.csv", in: folder)
      let first = try batch(folder, ["--data", "ads.csv", "--jobs", "2", "--report", "r1.json"])
      #expect(first.status == 65, "a row has errors: \(first.stderr)")
      // The bad value is shown where it lands (the project's box) and where it was written.
      #expect(
        first.stderr.contains(
          "a.yaml:9:11: error: expected box x in pixels or as a percentage such as \"50%\", found 'four, five'"
        ),
        "\(first.stderr)")
      #expect(
        first.stderr.contains("(from ads.csv row 7, column 'x') (ads.csv:8:4)"), "\(first.stderr)")
      #expect(first.stderr.contains("11 rendered, 0 up to date, 1 failed"), "\(first.stderr)")
      #expect(first.stderr.contains("  row 7 (ads.csv:8) failed: "), "\(first.stderr)")
      let summary = try report(folder, "r1.json")
      #expect(
        summary.totals == .init(rendered: 11, upToDate: 0, failed: 1, otherShard: 0, notStarted: 0))
      #expect(summary.rows.map(\.row) == Array(1...12))
      #expect(summary.rows[6].status == "failed" && !summary.rows[6].reasons.isEmpty)
      // Eleven renders drew on the GPU, in two worker processes: the driver was theirs for
      // part of their time, summed over both, and the summary says how much.
      let driver = try #require(summary.driverLock)
      let rendering = summary.rows.compactMap(\.seconds).reduce(0, +)
      #expect(driver.heldSeconds > 0 && driver.heldSeconds < rendering)
      #expect(driver.waitedSeconds >= 0 && driver.waitedSeconds < rendering)
      #expect(first.stderr.contains("s in the GPU driver ("), "\(first.stderr)")
      // Eleven distinct ads.
      var contents: Set<Data> = []
      for row in 1...12 where row != 7 {
        contents.insert(
          try Data(contentsOf: folder.url.appendingPathComponent("out/ad-r\(row).mp4")))
      }
      #expect(contents.count == 11)
      #expect(!FileManager.default.fileExists(atPath: folder.path("out/ad-r7.mp4")))

      let second = try batch(folder, ["--data", "ads.csv", "--jobs", "2", "--report", "r2.json"])
      #expect(try report(folder, "r2.json").totals.upToDate == 11, "\(second.stderr)")
      #expect(second.stderr.contains("0 rendered, 11 up to date, 1 failed"))

      // One edited row renders again, alone.
      let fixed = Self.rows.replacingOccurrences(of: "\"four, five\"", with: "21")
        .replacingOccurrences(of: "r3,9\n", with: "r3,30\n")
      try write(fixed, to: "ads.csv", in: folder)
      let third = try batch(folder, ["--data", "ads.csv", "--jobs", "2", "--report", "r3.json"])
      #expect(third.status == 0, "\(third.stderr)")
      let rendered = try report(folder, "r3.json").rows.filter { $0.status == "rendered" }
      #expect(rendered.map(\.row) == [3, 7], "\(third.stderr)")
    }
  }

  @Test("shards 0/3, 1/3 and 2/3 render disjoint shares that cover every row")
  func shardsCoverTheBatch() throws {
    try withScratchFolder { folder in
      try makeProject(in: folder)
      var csv = "label,x\n"
      for row in 1...7 { csv += "s\(row),\(row)\n" }
      try write(csv, to: "ads.csv", in: folder)
      var renderedBy: [Int: Int] = [:]
      for index in 0..<3 {
        let run = try batch(
          folder, ["--data", "ads.csv", "--shard", "\(index)/3", "--report", "s\(index).json"])
        #expect(run.status == 0, "\(run.stderr)")
        for row in try report(folder, "s\(index).json").rows where row.status == "rendered" {
          #expect(renderedBy[row.row] == nil, "row \(row.row) rendered by two shards")
          renderedBy[row.row] = index
        }
      }
      #expect(renderedBy.keys.sorted() == Array(1...7))
      #expect(renderedBy[1] == 0 && renderedBy[2] == 1 && renderedBy[3] == 2 && renderedBy[4] == 0)
    }
  }

  @Test("JSON and JSON Lines rows render; a nested value and an unknown column are located")
  func jsonRows() throws {
    try withScratchFolder { folder in
      try makeProject(in: folder)
      try write(
        #"[{"label": "j1", "x": 4}, {"label": "j2", "x": 40}]"#, to: "ads.json", in: folder)
      let json = try batch(folder, ["--data", "ads.json"])
      #expect(json.status == 0, "\(json.stderr)")
      #expect(FileManager.default.fileExists(atPath: folder.path("out/ad-j2.mp4")))

      try write(
        "{\"label\": \"l1\", \"x\": 1}\n{\"label\": \"l2\", \"x\": {\"no\": 1}}\n",
        to: "ads.jsonl", in: folder)
      let nested = try batch(folder, ["--data", "ads.jsonl"])
      #expect(nested.status == 65)
      #expect(nested.stderr.contains("ads.jsonl:2:"), "\(nested.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path("out/ad-l1.mp4")))

      try write("label,xx\nu1,3\n", to: "typo.csv", in: folder)
      let typo = try batch(folder, ["--data", "typo.csv"])
      #expect(typo.status == 65)
      #expect(
        typo.stderr.contains("typo.csv:1:7: error: column 'xx': the project has no variable 'xx'"),
        "\(typo.stderr)")
      #expect(typo.stderr.contains("did you mean 'x'"), "\(typo.stderr)")
    }
  }

  @Test("two rows writing one output are refused, pointing at both rows")
  func duplicateOutputs() throws {
    try withScratchFolder { folder in
      try makeProject(in: folder)
      try write("label,x\nsame,1\nother,2\nsame,3\n", to: "ads.csv", in: folder)
      let run = try batch(folder, ["--data", "ads.csv", "--report", "r.json"])
      #expect(run.status == 65)
      #expect(
        run.stderr.contains(
          "ads.csv:4:1: error: row 3 writes out/ad-same.mp4, as an earlier row does"),
        "\(run.stderr)")
      #expect(run.stderr.contains("note: row 1 writes it too (ads.csv:2:1)"))
      #expect(
        try report(folder, "r.json").rows.map(\.status) == ["rendered", "rendered", "failed"])
    }
  }
}

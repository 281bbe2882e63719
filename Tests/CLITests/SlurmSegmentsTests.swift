import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `examples/build/segments-submit.sh` with its two job scripts, run as they are on a real
/// single-node Slurm cluster started for the test (see `SlurmCluster`): an array of four shares,
/// each encoding its own segments of one project, and a join job that starts after all of them.
/// Skipped where Slurm and munge are not installed (CI); on Debian 12,
/// `apt-get install slurm-wlm munge` runs it, as root.
@Suite("Slurm: one video in shares, then joined (examples/build/segments*)", .tags(.endToEnd))
struct SlurmSegmentsTests {
  static let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples/build")

  /// 3 s at 24 fps in 0.5 s segments: six segments of 12 frames, so the four shares hold
  /// 0, 1–2, 3 and 4–5 (share I holds I·6/4 up to (I+1)·6/4).
  static let project = """
    version: 1
    output:
      file: out/movie.mp4
      size: 320x180
      fps: 24
      segment: 500ms
      video: { preset: ultrafast }
    layers:
      - { name: clip, source: media/clip.mp4 }
    """
  static let (segments, shares, framesPerSegment) = (6, 4, 12)

  static var skipped: Comment {
    let missing = SlurmCluster.missing
    return Comment(
      rawValue: missing.isEmpty
        ? "needs root, to run slurmd"
        : "needs Slurm and munge (Debian: apt-get install slurm-wlm munge); missing "
          + missing.joined(separator: ", "))
  }

  /// A folder with the media and the project as `p.yaml`.
  static func prepare(_ folder: URL) throws {
    let media = folder.appendingPathComponent("media")
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    try FFmpegCommand.ffmpeg(
      TestMedia.pattern(size: "320x180", rate: 24, seconds: "3")
        + TestMedia.tone(hertz: 440, rate: 48000, layout: "stereo", seconds: "3")
        + TestMedia.h264() + [
          "-c:a", "aac", "-t", "3", media.appendingPathComponent("clip.mp4").path,
        ])
    try project.write(
      to: folder.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
  }

  static func text(_ url: URL) -> String {
    (try? String(contentsOf: url, encoding: .utf8)) ?? "(no \(url.lastPathComponent))"
  }

  @Test(
    "the array's shares each encode their own segments, the join only joins, and the movie is the bytes of a render on one machine",
    .enabled(if: SlurmCluster.canStart, skipped))
  func sharesThenJoin() throws {
    try withScratchFolder { folder in
      let (video, alone) = (
        folder.url.appendingPathComponent("video"), folder.url.appendingPathComponent("alone")
      )
      try Self.prepare(video)
      try FileManager.default.copyItem(at: video, to: alone)
      let cluster = try SlurmCluster(in: folder.url.appendingPathComponent("slurm"))
      defer { cluster.stop() }

      // Submitted exactly as a user would, from the project's folder.
      let submit = try cluster.run(
        Self.examples.appendingPathComponent("segments-submit.sh").path, [], in: video,
        environment: ["PROJECT": "p.yaml", "CHROMAKE": ChromakeBinary.url.path], seconds: 30)
      try #require(submit.status == 0, "\(submit.stderr)\n\(cluster.logs())")
      let ids = submit.stdout.matches(of: /job (\d+)/).map { String($0.1) }
      try #require(ids.count == 2, "segments-submit.sh printed \(submit.stdout)")
      let (array, join) = (ids[0], ids[1])

      // Until nothing runs or waits, but for a join whose array failed: its dependency can
      // never be met, and Slurm cancels it only at its next periodic pass.
      try cluster.waitFor("the jobs to finish", seconds: 90) {
        let queue = try cluster.run("squeue", ["-h", "-o", "%i %T %r"], seconds: 10)
        return queue.status == 0
          && queue.stdout.split(separator: "\n").allSatisfy {
            $0.hasSuffix(" PENDING DependencyNeverSatisfied")
          }
      }
      func states(_ job: String) throws -> [String] {
        let show = try cluster.run("scontrol", ["show", "job", job], seconds: 10)
        return show.stdout.matches(of: /JobState=(\w+)/).map { String($0.1) }
      }
      let logs = (0..<Self.shares).map {
        video.appendingPathComponent("chromake-segments-\(array)_\($0).log")
      }
      let joinLog = video.appendingPathComponent("chromake-segments-join-\(join).log")
      let everyLog = (logs + [joinLog]).map { "--- \($0.lastPathComponent):\n\(Self.text($0))" }
        .joined(separator: "\n")
      try #require(
        try states(array) == Array(repeating: "COMPLETED", count: Self.shares), "\(everyLog)")
      try #require(try states(join) == ["COMPLETED"], "\(everyLog)")

      // Each share encoded its contiguous run and only that: its --explain lines name exactly
      // its segments, and its summary counts them, none found already encoded.
      for (share, log) in logs.enumerated() {
        let text = Self.text(log)
        let first = share * Self.segments / Self.shares
        let last = (share + 1) * Self.segments / Self.shares - 1
        let listed = text.matches(of: /\n  segment (\d+) \(/).compactMap { Int($0.1) }
        #expect(listed == Array(first...last), "share \(share):\n\(text)")
        let count = last - first + 1
        #expect(
          text.contains(
            "chromake: share \(share)/\(Self.shares): "
              + (first == last ? "segment \(first)" : "segments \(first) to \(last)")
              + ": encoded "
              + "\(count) (\(count * Self.framesPerSegment) frames)"),
          "share \(share):\n\(text)")
        #expect(text.contains(", 0 already encoded"), "share \(share):\n\(text)")
      }
      let joined = Self.text(joinLog)
      #expect(
        joined.contains(
          "chromake: segments: 0 of \(Self.segments) encoded, \(Self.segments) reused"),
        "the join encoded segments:\n\(joined)")

      // The same bytes as one plain render of the same project in another folder.
      let movie = video.appendingPathComponent("out/movie.mp4").path
      try #require(FileManager.default.fileExists(atPath: movie), "no movie:\n\(everyLog)")
      let plain = try ChromakeBinary.run(["render", "p.yaml", "--progress", "none"], in: alone)
      try #require(plain.status == 0, "\(plain.stderr)")
      let cmp = try ToolRun.run(
        tool: "cmp", [movie, alone.appendingPathComponent("out/movie.mp4").path])
      #expect(cmp.status == 0, "the movies differ: \(cmp.stdout)\(cmp.stderr)")

      // A key frame where every segment starts.
      let packets = try FFmpegCommand.ffprobe(
        [
          "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags", "-of", "csv=p=0",
          movie,
        ])
      let keys = Set(
        packets.split(separator: "\n").compactMap { line -> Int? in
          let fields = line.split(separator: ",")
          guard fields.count == 2, fields[1].hasPrefix("K"), let time = Double(fields[0]) else {
            return nil
          }
          return Int((time * 24).rounded())
        })
      let starts = Set((0..<Self.segments).map { $0 * Self.framesPerSegment })
      #expect(starts.isSubset(of: keys), "key frames at \(keys.sorted())")
    }
  }
}

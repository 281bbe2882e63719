import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A segment folder tampered with between renders, or made into something it should not be:
/// the real command, judged by bytes (against a cold render), `sha256sum -c` (the records of
/// the segments' bytes), ffmpeg (the movie decodes without an error) and the file system (no
/// write through a link, nothing half-written left). Media and project are
/// `RenderSegmentTests`' (five 1 s segments of barcoded 160 × 96 frames, captions, a tone).
@Suite("chromake render: a segment folder tampered with", .tags(.endToEnd))
struct RenderSegmentTamperTests {
  static let segments = ".out.mp4.segments"

  /// The segment folder's file whose name starts with `prefix` (`000002-`) and ends with
  /// `suffix`.
  static func file(_ folder: ScratchFolder, _ prefix: String, _ suffix: String = ".mp4") throws
    -> String
  {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path(segments))
    let name = try #require(
      names.first { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }, "no \(prefix)…\(suffix)")
    return folder.path("\(segments)/\(name)")
  }

  /// Renders in `folder` under a bound of 120 s (a render that waits on a pipe fails here
  /// rather than hanging the suite); returns the ending and standard error.
  static func boundedRender(_ folder: ScratchFolder, _ extra: [String] = []) throws
    -> (RunningChromake.Ending?, String)
  {
    let running = try RunningChromake(
      ["render", "p.yaml", "--progress", "none"] + extra, in: folder.url)
    let ending = running.finish(within: 120)
    return (ending, running.stderr)
  }

  /// Every record in the segment folder checked by coreutils' `sha256sum -c`, in the folder.
  static func recordsHold(_ folder: ScratchFolder) throws -> ToolRun {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path(segments))
      .filter { $0.hasSuffix(".sha256") && !$0.hasPrefix(".") }.sorted()
    #expect(names.count == 5, "records: \(names)")
    return try ToolRun.run(
      URL(fileURLWithPath: "/usr/bin/sha256sum"), ["-c", "--strict"] + names,
      in: URL(fileURLWithPath: folder.path(segments)))
  }

  /// Renders the output again after `tamper` (with the output removed, so the render joins
  /// again), and expects a cold render's bytes, `encoded` segments encoded, `--explain`
  /// saying `reason`, intact records, a movie ffmpeg decodes cleanly, and no temporary file.
  static func expectReencoded(
    _ folder: ScratchFolder, cold: Data, encoded: Int, reason: String,
    _ tamper: () throws -> Void
  ) throws {
    try tamper()
    try FileManager.default.removeItem(atPath: folder.path("out.mp4"))
    let (ending, said) = try boundedRender(folder, ["--explain"])
    #expect(ending == .exit(0), "\(reason): \(String(describing: ending)): \(said)")
    #expect(said.contains("segments: \(encoded) of 5 encoded"), "\(said)")
    #expect(said.contains(reason), "\(said)")
    #expect(try RenderSegmentTests.bytes(folder.path("out.mp4")) == cold, "\(reason)")
    let check = try recordsHold(folder)
    #expect(check.status == 0, "sha256sum -c: \(check.stdout) \(check.stderr)")
    let decoded = try ToolRun.run(
      tool: "ffmpeg", ["-v", "error", "-i", folder.path("out.mp4"), "-f", "null", "-"])
    #expect(decoded.status == 0 && decoded.stderr.isEmpty, "ffmpeg: \(decoded.stderr)")
    let partials = try FileManager.default.contentsOfDirectory(atPath: folder.path(""))
      .filter { $0.contains(".partial.") }
    #expect(partials.isEmpty, "left behind: \(partials)")
  }

  @Test(
    "a flipped byte, swapped segments, a pipe, a link, a folder or a missing record in a segment's place: that segment is encoded again, said by --explain, and the movie is a cold render's bytes"
  )
  func tamperedSegments() throws {
    try withScratchFolder { folder in
      try RenderSegmentTests.prepare(folder)
      try RenderSegmentTests.render(folder)
      let cold = try RenderSegmentTests.bytes(folder.path("out.mp4"))
      let check = try Self.recordsHold(folder)
      #expect(check.status == 0, "a cold render's records: \(check.stdout) \(check.stderr)")

      try Self.expectReencoded(
        folder, cold: cold, encoded: 1,
        reason: "segment 1 (1.000 s to 2.000 s): its file's bytes are not those it was written with"
      ) {
        let path = try Self.file(folder, "000001-")
        var bytes = try RenderSegmentTests.bytes(path)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
      }
      try Self.expectReencoded(
        folder, cold: cold, encoded: 2,
        reason: "segment 3 (3.000 s to 4.000 s): its file's bytes are not those it was written with"
      ) {
        let (two, three) = (try Self.file(folder, "000002-"), try Self.file(folder, "000003-"))
        let swap = folder.path("swap.mp4")
        try FileManager.default.moveItem(atPath: two, toPath: swap)
        try FileManager.default.moveItem(atPath: three, toPath: two)
        try FileManager.default.moveItem(atPath: swap, toPath: three)
      }
      try Self.expectReencoded(
        folder, cold: cold, encoded: 1,
        reason: "segment 4 (4.000 s to 5.000 s): a named pipe is where its file should be"
      ) {
        let path = try Self.file(folder, "000004-")
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o644) == 0)
      }
      // The link leads to a file of the test's own, outside the output's folder: it must be
      // neither read as the segment nor written through.
      try withScratchFolder { outside in
        let target = outside.path("elsewhere.mp4")
        try Data("not a segment".utf8).write(to: URL(fileURLWithPath: target))
        try Self.expectReencoded(
          folder, cold: cold, encoded: 1,
          reason: "segment 0 (0.000 s to 1.000 s): a symbolic link is where its file should be"
        ) {
          let path = try Self.file(folder, "000000-")
          try FileManager.default.removeItem(atPath: path)
          try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        }
        #expect(try RenderSegmentTests.bytes(target) == Data("not a segment".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path("")).count == 1)
      }
      try Self.expectReencoded(
        folder, cold: cold, encoded: 1,
        reason: "segment 2 (2.000 s to 3.000 s): a folder is where its file should be"
      ) {
        let path = try Self.file(folder, "000002-")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      }
      try Self.expectReencoded(
        folder, cold: cold, encoded: 1,
        reason: "segment 3 (3.000 s to 4.000 s): its file has no record of the bytes"
      ) {
        try FileManager.default.removeItem(atPath: try Self.file(folder, "000003-", ".sha256"))
      }
    }
  }

  @Test(
    "the sound replaced by another, or by a pipe: it is mixed and encoded again, said by --explain, and the movie is a cold render's bytes"
  )
  func tamperedSound() throws {
    try withScratchFolder { folder in
      try RenderSegmentTests.prepare(folder)
      try RenderSegmentTests.render(folder)
      let cold = try RenderSegmentTests.bytes(folder.path("out.mp4"))
      let sound = try Self.file(folder, "sound-", ".m4a")

      try Self.expectReencoded(
        folder, cold: cold, encoded: 0,
        reason: "sound: encoded again: its file's bytes are not those it was written with"
      ) {
        // Another tone, a valid AAC file of the same length.
        try FFmpegCommand.ffmpeg(
          ["-f", "lavfi", "-i", "sine=frequency=880:sample_rate=48000:duration=5", "-c:a", "aac"]
            + ["-f", "mp4", sound])
      }
      try Self.expectReencoded(
        folder, cold: cold, encoded: 0,
        reason: "sound: encoded again: a named pipe is where its file should be"
      ) {
        try FileManager.default.removeItem(atPath: sound)
        #expect(mkfifo(sound, 0o644) == 0)
      }
      #expect(FolderEntryKind.of(sound) == S_IFREG, "the pipe was replaced by the sound")
    }
  }

  @Test(
    "a pipe in place of the manifest and of a lock, links in place of a record, the sound's report and a lock: nothing hangs or is written through, and the movie is a cold render's bytes"
  )
  func specialFilesBesideTheSegments() throws {
    try withScratchFolder { folder in
      try RenderSegmentTests.prepare(folder)
      try RenderSegmentTests.render(folder)
      let cold = try RenderSegmentTests.bytes(folder.path("out.mp4"))
      try withScratchFolder { outside in
        // The files the links lead to: a true copy of segment 2's record, and two others.
        let record = try Self.file(folder, "000002-", ".sha256")
        let copy = outside.path("record.sha256")
        try FileManager.default.copyItem(atPath: record, toPath: copy)
        let (report, lock) = (outside.path("report.json"), outside.path("lock"))
        for path in [report, lock] { try Data("mine".utf8).write(to: URL(fileURLWithPath: path)) }
        let before = try [copy, report, lock].map(RenderSegmentTests.bytes)
        try Self.expectReencoded(
          folder, cold: cold, encoded: 1,
          reason: "segment 2 (2.000 s to 3.000 s): its file has no record of the bytes"
        ) {
          let manifest = folder.path("\(Self.segments)/segments.json")
          try FileManager.default.removeItem(atPath: manifest)
          #expect(mkfifo(manifest, 0o644) == 0)
          #expect(mkfifo(folder.path("\(Self.segments)/.000001.lock"), 0o644) == 0)
          try FileManager.default.removeItem(atPath: record)
          try FileManager.default.createSymbolicLink(atPath: record, withDestinationPath: copy)
          let soundReport = try Self.file(folder, "sound-", ".json")
          try FileManager.default.removeItem(atPath: soundReport)
          try FileManager.default.createSymbolicLink(
            atPath: soundReport, withDestinationPath: report)
          try FileManager.default.createSymbolicLink(
            atPath: folder.path("\(Self.segments)/.000003.lock"), withDestinationPath: lock)
        }
        #expect(try [copy, report, lock].map(RenderSegmentTests.bytes) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path("")).count == 3)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path(Self.segments))
        for name in names {
          let kind = FolderEntryKind.of(folder.path("\(Self.segments)/\(name)"))
          #expect(kind == S_IFREG, "\(name) is not a regular file")
        }
      }
    }
  }

  @Test(
    "a segment folder that is a symbolic link is refused, by a render and by a share, and nothing is written through it"
  )
  func linkedSegmentFolder() throws {
    try withScratchFolder { folder in
      try RenderSegmentTests.prepare(folder)
      try withScratchFolder { outside in
        try FileManager.default.createSymbolicLink(
          atPath: folder.path(Self.segments), withDestinationPath: outside.path(""))
        for extra in [[], ["--segments", "0/1"]] {
          let (ending, said) = try Self.boundedRender(folder, extra)
          #expect(ending == .exit(1), "\(extra): \(String(describing: ending)): \(said)")
          #expect(
            said.contains("the segment folder '") && said.contains("' is a symbolic link"),
            "\(said)")
          #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path("")) == [])
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.mp4")))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path(""))
          .filter { $0.contains(".partial.") }
        #expect(left.isEmpty, "left behind: \(left)")
        // Once the link is gone, the render makes a real folder and writes the movie.
        try FileManager.default.removeItem(atPath: folder.path(Self.segments))
        try RenderSegmentTests.render(folder)
        #expect(FolderEntryKind.of(folder.path(Self.segments)) == S_IFDIR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path("")) == [])
      }
    }
  }

  @Test(
    "--jobs 256 is lowered to the machine's cores, with a note that says so, and the render finishes"
  )
  func largeJobsLowered() throws {
    try withScratchFolder { folder in
      // coreutils' nproc, the independent count of the cores this process may use.
      let nproc = try ToolRun.run(
        URL(fileURLWithPath: "/usr/bin/nproc"), [], environment: ["OMP_NUM_THREADS": nil])
      let cores = try #require(Int(nproc.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
      // Ten segments, so that more lanes than cores would have segments to encode.
      try RenderSegmentTests.prepare(folder, seconds: 10)
      let running = try RunningChromake(
        ["render", "p.yaml", "--jobs", "256", "--progress", "none"], in: folder.url)
      // The lane processes seen while it runs: never more than the cores.
      var most = 0
      _ = RunningChromake.poll(seconds: 120) {
        most = max(most, running.children.count)
        return !running.process.isRunning
      }
      let ending = running.finish(within: 10)
      let said = running.stderr
      #expect(ending == .exit(0), "\(String(describing: ending)): \(said)")
      #expect(
        said.contains("segments at once, not 256: this machine has \(cores) core"), "\(said)")
      #expect(most <= cores, "\(most) lane processes on \(cores) cores")
      #expect(try SafetyFiles.decodedFrameCount(folder.path("out.mp4")) == 300)
    }
  }

  @Test(
    "an empty share of a project of 172,800 segments is said within a minute (digesting them all took minutes), and nothing is written"
  )
  func emptyShareOfManySegments() throws {
    try withScratchFolder { folder in
      // A day of a fill in 0.5 s segments: the plan knows their number at once, and digesting
      // them all, as the share used to before finding itself empty, takes minutes.
      let project = """
        version: 1
        output: { file: out.mp4, size: 64x36, fps: 30, duration: 86400s, segment: 500ms }
        layers:
          - { name: band, fill: "#C03020" }
        """
      try RenderSegmentTests.write(project, "p.yaml", in: folder)
      let running = try RunningChromake(
        ["render", "p.yaml", "--segments", "0/1000000000", "--progress", "none"], in: folder.url)
      let ending = running.finish(within: 60)
      #expect(ending == .exit(0), "\(String(describing: ending)): \(running.stderr)")
      #expect(
        running.stderr.contains("share 0/1000000000 has no segments: the output has 172800"),
        "\(running.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path(Self.segments)))
    }
  }
}

/// The file type `lstat` gives (`S_IFREG`, `S_IFDIR`…), 0 when there is nothing.
enum FolderEntryKind {
  static func of(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }
}

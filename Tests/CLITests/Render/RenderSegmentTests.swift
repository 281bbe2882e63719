import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Segmented output (`output.segment`), rendered by the real command and judged by ffmpeg and
/// ffprobe: key frames where segments start, the same source frames and sound as the project
/// rendered in one piece, rerenders that encode only what changed and write the same bytes as
/// a cold render, shares in separate processes that join to the same bytes, and a share
/// stopped by SIGTERM that leaves no half-written segment.
@Suite("chromake render: segments", .tags(.endToEnd))
struct RenderSegmentTests {
  /// Five seconds of barcoded frames (frame `i` shows `i`) and a tone, in `folder`.
  static func makeMedia(_ folder: ScratchFolder, seconds: Int = 5) throws {
    try BarcodeVideo.make(
      folder.path("codes.mp4"), frames: 30 * seconds, rate: "30", width: 160, height: 96)
    try FFmpegCommand.ffmpeg(
      ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"]
        + ["-c:a", "pcm_s16le", folder.path("tone.wav")])
  }

  /// Three cues, in segments 0, 2 and 4; `second` and `third` are the words of the last two.
  static func subtitles(second: String = "Two", third: String = "Three") -> String {
    """
    1
    00:00:00,200 --> 00:00:00,800
    One

    2
    00:00:02,200 --> 00:00:02,800
    \(second)

    3
    00:00:04,300 --> 00:00:04,900
    \(third)

    """
  }

  /// The project: the codes, captions under them, the tone; 1 s segments unless `segment` is
  /// nil.
  static func project(segment: String? = "1s", crf: Int = 20, file: String = "out.mp4") -> String {
    """
    version: 1
    output:
      file: \(file)
      size: 160x96
      fps: 30
      video: { crf: \(crf), preset: veryfast }
    \(segment.map { "  segment: \($0)" } ?? "")
    layers:
      - { name: plate, source: codes.mp4 }
      - { name: subs, captions: subs.srt, font: "DejaVu Sans 12", box: [0, 56, 160, 40] }
    audio:
      - { name: tone, source: tone.wav }
    """
  }

  static func write(_ text: String, _ name: String, in folder: ScratchFolder) throws {
    try text.write(toFile: folder.path(name), atomically: true, encoding: .utf8)
  }

  /// A folder with the media, the subtitles and the project as `p.yaml`.
  static func prepare(
    _ folder: ScratchFolder, project: String = project(), subtitles: String = subtitles(),
    seconds: Int = 5
  ) throws {
    try makeMedia(folder, seconds: seconds)
    try write(subtitles, "subs.srt", in: folder)
    try write(project, "p.yaml", in: folder)
  }

  /// Runs `chromake render p.yaml extra…` in `folder` and returns its standard error.
  @discardableResult
  static func render(_ folder: ScratchFolder, _ extra: [String] = []) throws -> String {
    let run = try ChromakeBinary.run(
      ["render", "p.yaml", "--progress", "none"] + extra, in: folder.url)
    guard run.status == 0 else { throw ToolFailure(description: run.stderr) }
    return run.stderr
  }

  static func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// The frame numbers of the movie's key frames, from ffprobe.
  static func keyFrames(_ path: String) throws -> [Int] {
    let text = try FFmpegCommand.ffprobe(
      ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags", "-of"]
        + ["csv=p=0", path])
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: ",")
      guard fields.count == 2, fields[1].hasPrefix("K"), let time = Double(fields[0]) else {
        return nil
      }
      return Int((time * 30).rounded())
    }.sorted()
  }

  /// The movie's sound decoded to 32-bit floats by ffmpeg.
  static func sound(_ path: String, in folder: ScratchFolder) throws -> Data {
    let raw = path + ".f32"
    try FFmpegCommand.ffmpeg(["-i", path, "-map", "0:a:0", "-f", "f32le", raw])
    defer { try? FileManager.default.removeItem(atPath: raw) }
    return try bytes(raw)
  }

  /// The segment files in the output's segment folder.
  static func segmentFiles(_ folder: ScratchFolder, output: String = "out.mp4") -> [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: folder.path(".\(output).segments")))
      ?? []
    return names.filter { $0.hasSuffix(".mp4") && !$0.hasPrefix(".") }.sorted()
  }

  /// The bytes of every file in the output's segment folder but the hidden locks, by name.
  static func folderFiles(_ folder: ScratchFolder) throws -> [String: Data] {
    let path = folder.path(".out.mp4.segments")
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: path)
    where !name.hasPrefix(".") {
      files[name] = try bytes("\(path)/\(name)")
    }
    return files
  }

  /// The sound's files in the segment folder, with their modification times.
  static func soundFiles(_ folder: ScratchFolder) throws -> [String: Date] {
    let path = folder.path(".out.mp4.segments")
    var files: [String: Date] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: path)
    where name.hasPrefix("sound-") {
      let attributes = try FileManager.default.attributesOfItem(atPath: "\(path)/\(name)")
      files[name] = attributes[.modificationDate] as? Date
    }
    return files
  }

  @Test(
    "key frames where segments start; every frame shows the source frame the one-piece movie does, none is a seam, and the sound is the same samples"
  )
  func matchesOnePiece() throws {
    try withScratchFolder { folder in
      try Self.prepare(folder)
      try Self.write(Self.project(segment: nil, file: "whole.mp4"), "whole.yaml", in: folder)
      try Self.render(folder)
      let whole = try ChromakeBinary.run(
        ["render", "whole.yaml", "--progress", "none"], in: folder.url)
      try #require(whole.status == 0, "\(whole.stderr)")
      let (segmented, onePiece) = (folder.path("out.mp4"), folder.path("whole.mp4"))

      let keys = try Self.keyFrames(segmented)
      #expect(Set([0, 30, 60, 90, 120]).isSubset(of: Set(keys)), "key frames at \(keys)")
      #expect(Self.segmentFiles(folder).count == 5)

      let check = try ToolRun.run(
        tool: "ffmpeg", ["-v", "error", "-i", segmented, "-f", "null", "-"])
      #expect(check.status == 0 && check.stderr.isEmpty, "ffmpeg: \(check.stderr)")

      let a = try BarcodeVideo.DecodedMovie(decoding: segmented, width: 160, height: 96)
      let b = try BarcodeVideo.DecodedMovie(decoding: onePiece, width: 160, height: 96)
      #expect(a.count == 150 && b.count == 150)
      for k in 0..<min(a.count, b.count) {
        #expect(a.number(k, x: 0, y: 0) == k, "frame \(k) of the segmented movie")
        #expect(b.number(k, x: 0, y: 0) == k, "frame \(k) of the one-piece movie")
      }

      let stats = folder.path("psnr.txt")
      try FFmpegCommand.ffmpeg(
        ["-i", segmented, "-i", onePiece, "-lavfi", "[0:v][1:v]psnr=stats_file=\(stats)", "-f"]
          + ["null", "-"])
      let values = try String(contentsOfFile: stats, encoding: .utf8).split(separator: "\n")
        .compactMap { line in
          line.split(separator: " ").first { $0.hasPrefix("psnr_avg:") }
            .map { Double($0.dropFirst(9)) ?? .infinity }
        }
      #expect(values.count == 150)
      #expect((values.min() ?? 0) >= 32, "worst frame \(values.min() ?? 0) dB")

      #expect(try Self.sound(segmented, in: folder) == Self.sound(onePiece, in: folder))
    }
  }

  @Test(
    "one changed cue encodes its segment alone and gives a cold render's bytes; one in the last segment, the last; a global setting, every one"
  )
  func rerendersWhatChanged() throws {
    try withScratchFolder { folder in
      try Self.prepare(folder)
      try Self.render(folder)
      let sound = try Self.soundFiles(folder)
      #expect(sound.count == 2, "the sound and its report: \(sound)")

      try Self.write(Self.subtitles(second: "Two, changed"), "subs.srt", in: folder)
      let said = try Self.render(folder, ["--explain"])
      #expect(said.contains("segments: 1 of 5 encoded, 4 reused"), "\(said)")
      #expect(
        said.contains("segment 2 (2.000 s to 3.000 s): layer 'subs' changed on its frames"),
        "\(said)")
      let incremental = try Self.bytes(folder.path("out.mp4"))
      // A caption reaches no sound: the sound made once is joined again, untouched.
      #expect(try Self.soundFiles(folder) == sound)
      try withScratchFolder { cold in
        try Self.prepare(cold, subtitles: Self.subtitles(second: "Two, changed"))
        try Self.render(cold)
        #expect(try Self.bytes(cold.path("out.mp4")) == incremental)
        // The folder too: every segment and its record, the sound and its report, the
        // manifest, byte for byte, whatever order a process's dictionaries keep.
        #expect(try Self.folderFiles(cold) == Self.folderFiles(folder))
      }

      try Self.write(
        Self.subtitles(second: "Two, changed", third: "Three, changed"), "subs.srt", in: folder)
      let last = try Self.render(folder, ["--explain"])
      #expect(last.contains("segments: 1 of 5 encoded"), "\(last)")
      #expect(last.contains("segment 4 (4.000 s to 5.000 s)"), "\(last)")

      try Self.write(Self.project(crf: 24), "p.yaml", in: folder)
      let global = try Self.render(folder, ["--explain"])
      #expect(global.contains("segments: 5 of 5 encoded, 0 reused"), "\(global)")
      #expect(global.contains("a setting every segment shares changed"), "\(global)")
      #expect(try Self.soundFiles(folder) == sound, "the video's settings reach no sound")
      // The segments of the earlier settings are gone.
      #expect(Self.segmentFiles(folder).count == 5)
      #expect(try Self.render(folder, ["--explain"]).contains("is up to date"))
    }
  }

  @Test(
    "two shares at once in separate processes, one on one core, each seeing the folder at another path, join to one process's bytes; three shares too"
  )
  func sharesJoinToTheSameBytes() throws {
    try withScratchFolder { folder in
      try Self.prepare(folder)
      let elsewhere = folder.path("../\(folder.url.lastPathComponent)-link")
      try FileManager.default.createSymbolicLink(
        atPath: elsewhere, withDestinationPath: folder.path(""))
      defer { try? FileManager.default.removeItem(atPath: elsewhere) }
      // util-linux's taskset is on every Debian machine; the share's lanes then share one core.
      let taskset = "/usr/bin/taskset"
      try #require(FileManager.default.isExecutableFile(atPath: taskset), "no \(taskset)")
      let first = try RunningChromake(
        ["render", "p.yaml", "--segments", "0/2", "--progress", "none"], in: folder.url,
        launcher: [taskset, "-c", "0"])
      let second = try RunningChromake(
        ["render", "p.yaml", "--segments", "1/2", "--progress", "none"],
        in: URL(fileURLWithPath: elsewhere))
      #expect(first.finish(within: 120) == .exit(0), "\(first.stderr)")
      #expect(second.finish(within: 120) == .exit(0), "\(second.stderr)")
      #expect(first.stderr.contains("share 0/2: segments 0 to 1: encoded 2"), "\(first.stderr)")
      #expect(second.stderr.contains("share 1/2: segments 2 to 4: encoded 3"), "\(second.stderr)")
      let joined = try Self.render(folder, ["--explain"])
      #expect(joined.contains("segments: 0 of 5 encoded, 5 reused"), "\(joined)")
      let shared = try Self.bytes(folder.path("out.mp4"))

      try withScratchFolder { one in
        try Self.prepare(one)
        try Self.render(one)
        #expect(try Self.bytes(one.path("out.mp4")) == shared, "one process against two shares")
      }
      try withScratchFolder { three in
        try Self.prepare(three)
        for share in 0..<3 { try Self.render(three, ["--segments", "\(share)/3", "--jobs", "1"]) }
        try Self.render(three)
        #expect(try Self.bytes(three.path("out.mp4")) == shared, "three shares against two")
      }
    }
  }

  @Test(
    "the bytes depend neither on what the allocator leaves in memory nor on --jobs, and two renders of one folder at once both finish"
  )
  func sameBytesWhateverTheProcess() throws {
    try withScratchFolder { folder in
      try Self.prepare(folder)
      try Self.render(folder, ["--jobs", "1"])
      let plain = try Self.bytes(folder.path("out.mp4"))
      // Fresh memory filled with 0x5A and freed memory with 0xA5: an encoder that read memory
      // it never wrote would encode other bytes.
      try withScratchFolder { other in
        try Self.prepare(other)
        let run = try ChromakeBinary.run(
          ["render", "p.yaml", "--progress", "none", "--jobs", "3"], in: other.url,
          environment: ["MALLOC_PERTURB_": "165"])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(try Self.bytes(other.path("out.mp4")) == plain)
      }
      // Each of two renders started together holds a segment the other wants next.
      try withScratchFolder { shared in
        try Self.prepare(shared)
        let arguments = ["render", "p.yaml", "--progress", "none", "--jobs", "1"]
        let first = try RunningChromake(arguments, in: shared.url)
        let second = try RunningChromake(arguments + ["-o", "out.mp4"], in: shared.url)
        #expect(first.finish(within: 120) == .exit(0), "\(first.stderr)")
        #expect(second.finish(within: 120) == .exit(0), "\(second.stderr)")
        #expect(try Self.bytes(shared.path("out.mp4")) == plain)
      }
    }
  }

  @Test("SIGTERM during a share leaves whole segments only, and the next render finishes the job")
  func terminatedShare() throws {
    try withScratchFolder { folder in
      try Self.prepare(folder, seconds: 12)
      let running = try RunningChromake(
        ["render", "p.yaml", "--segments", "0/1", "--jobs", "1", "--progress", "none"],
        in: folder.url)
      let started = RunningChromake.poll(seconds: 60) { !Self.segmentFiles(folder).isEmpty }
      running.send(SIGTERM)
      let ending = running.finish(within: 60)
      try #require(started, "no segment was written: \(running.stderr)")
      // A share that finished before the signal proves nothing here.
      try #require(ending == .exit(143), "\(String(describing: ending)): \(running.stderr)")
      let names = try FileManager.default.contentsOfDirectory(
        atPath: folder.path(".out.mp4.segments"))
      // Segments, the records of their bytes, and locks.
      let stray = names.filter {
        !$0.hasSuffix(".lock")
          && !(($0.hasSuffix(".mp4") || $0.hasSuffix(".sha256")) && !$0.hasPrefix("."))
      }
      #expect(stray.isEmpty, "left behind: \(stray)")
      let kept = Self.segmentFiles(folder)
      #expect(kept.count < 12)
      for name in kept {
        let frames = try FFmpegCommand.ffprobe(
          ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames", "-of"]
            + ["csv=p=0", folder.path(".out.mp4.segments/\(name)")])
        #expect(frames.trimmingCharacters(in: .whitespacesAndNewlines) == "30", "\(name)")
      }
      let said = try Self.render(folder, ["--explain"])
      #expect(said.contains("segments: \(12 - kept.count) of 12 encoded"), "\(said)")
      let resumed = try Self.bytes(folder.path("out.mp4"))
      try withScratchFolder { cold in
        try Self.prepare(cold, seconds: 12)
        try Self.render(cold)
        #expect(try Self.bytes(cold.path("out.mp4")) == resumed)
      }
    }
  }

  @Test("--segments needs a segmented output, and an I/N with 0 ≤ I < N")
  func shareErrors() throws {
    try withScratchFolder { folder in
      try Self.prepare(folder, project: Self.project(segment: nil))
      let plain = try ChromakeBinary.run(["render", "p.yaml", "--segments", "0/2"], in: folder.url)
      #expect(plain.status == 1)
      #expect(plain.stderr.contains("--segments needs a segmented output"), "\(plain.stderr)")
      let out = try ChromakeBinary.run(["render", "p.yaml", "--segments", "2/2"], in: folder.url)
      #expect(out.status != 0)
      #expect(out.stderr.contains("--segments takes I/N with 0 ≤ I < N"), "\(out.stderr)")
    }
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A segmented movie (`output.segment`: 2 s segments joined without re-encoding) played by
/// players other than FFmpeg, across its segment boundaries: GStreamer (qtdemux, avdec_h264 and
/// avdec_aac, and playbin as a player would build it) and headless Chromium (a `<video>` element
/// on a file:// page). The movie is 7 s at 30 fps, so four segments, the last one 1 s; a moving
/// test picture under a `BarcodeVideo` code at the top left, so every frame says which frame it
/// is, and a tone. Each test is skipped, saying what to install, where its player is missing;
/// every player runs under `timeout`, with its caches in the scratch folder.
@Suite(
  "chromake render: segmented movies play across boundaries in GStreamer and Chromium",
  .tags(.endToEnd))
struct RenderSegmentPlaybackTests {
  static let (fps, seconds, segment) = (30, 7, 2)
  /// 210 frames; the segments start at frames 0, 60, 120 and 180.
  static let frames = fps * seconds
  static let boundaries = Array(stride(from: fps * segment, to: frames, by: fps * segment))

  static let project = """
    version: 1
    output:
      file: out.mp4
      size: 640x360
      fps: \(fps)
      segment: \(segment)s
    layers:
      - { name: picture, source: picture.mp4 }
      - { name: codes, source: codes.mp4, box: [0, 0, 160, 96] }
    """

  /// Renders the project in `folder` and returns the movie's path.
  static func render(in folder: ScratchFolder) throws -> String {
    try FFmpegCommand.ffmpeg(
      ["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=\(fps):duration=\(seconds)"]
        + ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"]
        + ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac"]
        + ["-shortest", folder.path("picture.mp4")])
    try BarcodeVideo.make(
      folder.path("codes.mp4"), frames: frames, rate: "\(fps)", width: 160, height: 96)
    try project.write(toFile: folder.path("p.yaml"), atomically: true, encoding: .utf8)
    let run = try ChromakeBinary.run(["render", "p.yaml", "--progress", "none"], in: folder.url)
    guard run.status == 0 else { throw ToolFailure(description: run.stderr) }
    let segments = try FileManager.default.contentsOfDirectory(
      atPath: folder.path(".out.mp4.segments")
    ).filter { $0.hasSuffix(".mp4") && !$0.hasPrefix(".") }
    #expect(segments.count == 4, "segments: \(segments.sorted())")
    return folder.path("out.mp4")
  }

  /// Where `program` is on `PATH`, or nil.
  static func find(_ program: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").lazy.map { "\($0)/\(program)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// coreutils' `timeout`, which bounds every player run.
  static let timeout = find("timeout") ?? "/usr/bin/timeout"

  /// Runs `arguments` under `timeout` (`seconds`, then SIGKILL 5 s later) in `folder`.
  static func bounded(
    _ seconds: Int, _ arguments: [String], in folder: ScratchFolder,
    environment: [String: String?] = [:]
  ) throws -> ToolRun {
    let run = try ToolRun.run(
      URL(fileURLWithPath: timeout), ["-k", "5", "\(seconds)"] + arguments, in: folder.url,
      environment: environment)
    if run.status == 124 || run.status == 137 {
      throw ToolFailure(
        description: "\(arguments.joined(separator: " ")) ran over \(seconds) s:\n"
          + String(run.stderr.suffix(2000)))
    }
    return run
  }

  // MARK: GStreamer

  /// The GStreamer elements the pipelines use, and the Debian 12 package of each.
  static let elements = [
    ("qtdemux", "gstreamer1.0-plugins-good"), ("videocrop", "gstreamer1.0-plugins-good"),
    ("avdec_h264", "gstreamer1.0-libav"), ("avdec_aac", "gstreamer1.0-libav"),
    ("playbin", "gstreamer1.0-plugins-base"), ("videoconvert", "gstreamer1.0-plugins-base"),
  ]

  /// What GStreamer lacks here, as Debian packages to install; empty when the test can run.
  static let gstreamerMissing: [String] = {
    guard let inspect = find("gst-inspect-1.0"), find("gst-launch-1.0") != nil else {
      return ["gstreamer1.0-tools", "gstreamer1.0-plugins-good", "gstreamer1.0-libav"]
    }
    let missing = elements.filter { element, _ in
      let run = try? ToolRun.run(
        URL(fileURLWithPath: timeout), ["-k", "5", "60", inspect, "--exists", element])
      return run?.status != 0
    }
    return Array(Set(missing.map(\.1))).sorted()
  }()

  static var gstreamerSkipped: Comment {
    Comment(
      rawValue: "needs GStreamer with qtdemux and avdec_h264 (Debian 12: apt-get install "
        + gstreamerMissing.joined(separator: " ") + ")")
  }

  /// One buffer an `identity` element passed on, as GStreamer's `log` tracer wrote it.
  struct Buffer {
    var pts: Int
    var duration: Int
    var discont: Bool
  }

  /// What one `identity` passed on: its buffers, and the start and time of its (last) segment.
  struct Stream {
    var buffers: [Buffer] = []
    var segmentStart = 0
    var segmentTime = 0

    /// The stream time of buffer `index` in nanoseconds: where a player shows it.
    func time(_ index: Int) -> Int { buffers[index].pts - segmentStart + segmentTime }
  }

  /// Nanoseconds of a GStreamer clock time, `H:MM:SS.NNNNNNNNN`; nil for `none`.
  static func nanoseconds(_ text: Substring) -> Int? {
    let parts = text.split(separator: ":")
    guard parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]) else {
      return nil
    }
    let seconds = parts[2].split(separator: ".")
    guard seconds.count == 2, let whole = Int(seconds[0]), let fraction = Int(seconds[1]) else {
      return nil
    }
    return ((hours * 60 + minutes) * 60 + whole) * 1_000_000_000 + fraction
  }

  /// The value after `key` in `line`, up to the next comma, space or semicolon.
  static func field(_ key: String, in line: Substring) -> Substring? {
    guard let range = line.range(of: key) else { return nil }
    return line[range.upperBound...].prefix { $0 != "," && $0 != " " && $0 != ";" }
  }

  /// The buffers and segment that the `identity` named `name` pushed, from the debug log of
  /// GStreamer's `log` tracer (`GST_BUFFER` and `GST_EVENT` at level 7). The log is written by
  /// the streaming thread as each buffer passes, so none is lost or repeated, as a gst-launch
  /// `-v` report of `last-message` can be under load.
  static func stream(_ name: String, in log: String) -> Stream {
    var stream = Stream()
    let (bufferMarker, eventMarker) = (
      "do_push_buffer_pre:<\(name):src>", "do_push_event_pre:<\(name):src>"
    )
    for line in log.split(separator: "\n") {
      if line.contains(bufferMarker) {
        guard let pts = field(" pts ", in: line).flatMap(nanoseconds),
          let duration = field(" dur ", in: line).flatMap(nanoseconds),
          let flags = field(" flags 0x", in: line).flatMap({ Int($0, radix: 16) })
        else { continue }
        stream.buffers.append(Buffer(pts: pts, duration: duration, discont: flags & 0x40 != 0))
      } else if line.contains(eventMarker) && line.contains("GstEventSegment") {
        stream.segmentStart = field("start=(guint64)", in: line).flatMap { Int($0) } ?? 0
        stream.segmentTime = field("time=(guint64)", in: line).flatMap { Int($0) } ?? 0
      }
    }
    return stream
  }

  /// Runs gst-launch-1.0 with `pipeline`, its registry in `folder` and the `log` tracer on, and
  /// returns the tracer's log; expects the pipeline to reach the end of the stream with no
  /// error or warning on the bus.
  static func launch(_ pipeline: [String], in folder: ScratchFolder, _ label: String) throws
    -> String
  {
    let log = folder.path("gst-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(atPath: log) }
    let run = try bounded(
      120, [find("gst-launch-1.0") ?? "gst-launch-1.0"] + pipeline, in: folder,
      environment: [
        "GST_REGISTRY": folder.path("gst-registry.bin"), "GST_PLUGIN_PATH": nil,
        "GST_TRACERS": "log", "GST_DEBUG": "GST_BUFFER:7,GST_EVENT:7", "GST_DEBUG_FILE": log,
        "GST_DEBUG_NO_COLOR": "1",
      ])
    let said = run.stdout + run.stderr
    #expect(run.status == 0, "\(label): gst-launch-1.0 exited \(run.status):\n\(said)")
    #expect(said.contains("Got EOS from element"), "\(label): no end of stream:\n\(said)")
    let complaints = said.split(separator: "\n").filter {
      $0.contains("ERROR") || $0.contains("WARNING") || $0.contains("CRITICAL")
    }
    #expect(complaints.isEmpty, "\(label): \(complaints.joined(separator: "\n"))")
    return try String(contentsOfFile: log, encoding: .utf8)
  }

  /// Every frame once, at k/fps for frame k, one frame long, no discontinuity after the first;
  /// the first frame that breaks this named with the segment boundary it follows.
  static func checkVideo(_ video: Stream, _ label: String) {
    #expect(video.buffers.count == frames, "\(label): \(video.buffers.count) video frames")
    let frameTime = 1_000_000_000 / Double(fps)
    for k in 0..<video.buffers.count {
      let expected = Int((Double(k) * frameTime).rounded())
      let buffer = video.buffers[k]
      let boundary = boundaries.last { $0 <= k }.map { " (segment from frame \($0))" } ?? ""
      guard abs(video.time(k) - expected) <= 1000,
        abs(Double(buffer.duration) - frameTime) <= 1000, buffer.discont == (k == 0)
      else {
        let what = "frame \(k)\(boundary) at \(video.time(k)) ns for \(buffer.duration) ns"
        Issue.record("\(label): \(what), discont \(buffer.discont); expected \(expected) ns")
        return
      }
    }
  }

  /// Sound with no gap or overlap from the start to the end of the movie.
  static func checkAudio(_ audio: Stream, _ label: String) {
    guard let first = audio.buffers.first, let last = audio.buffers.last else {
      Issue.record("\(label): no sound")
      return
    }
    #expect(abs(audio.time(0)) <= 1000, "\(label): sound starts at \(audio.time(0)) ns")
    let end = last.pts + last.duration - audio.segmentStart + audio.segmentTime
    #expect(
      abs(end - seconds * 1_000_000_000) <= 50_000_000, "\(label): sound ends at \(end) ns")
    #expect(!audio.buffers.dropFirst().contains { $0.discont }, "\(label): a sound discont")
    var previous = first
    for buffer in audio.buffers.dropFirst() {
      guard abs(buffer.pts - (previous.pts + previous.duration)) <= 1000 else {
        let before = "one at \(previous.pts) ns lasting \(previous.duration) ns"
        Issue.record("\(label): sound buffer at \(buffer.pts) ns after \(before)")
        return
      }
      previous = buffer
    }
  }

  @Test(
    "GStreamer decodes the movie end to end with nothing on the bus: every frame once, at k/fps, showing frame k, across each boundary; the sound without a gap; playbin the same",
    .enabled(if: gstreamerMissing.isEmpty, gstreamerSkipped), .ownTimeLimit(.seconds(5 * 60)))
  func gstreamerPlaysAcrossBoundaries() throws {
    try withScratchFolder { folder in
      let movie = try Self.render(in: folder)
      let codes = folder.path("codes.gray")
      // qtdemux straight into the decoders, as an application's fixed pipeline would; the
      // code's corner of each decoded frame, 160 × 96, to a file as 8-bit grey.
      let direct = try Self.launch(
        [
          "filesrc", "location=\(movie)", "!", "qtdemux", "name=d",
          "d.video_0", "!", "queue", "!", "avdec_h264", "!", "identity", "name=v", "!",
          "videocrop", "right=480", "bottom=264", "!", "videoconvert", "!",
          "video/x-raw,format=GRAY8", "!", "filesink", "location=\(codes)",
          "d.audio_0", "!", "queue", "!", "avdec_aac", "!", "identity", "name=a", "!",
          "fakesink",
        ], in: folder, "qtdemux ! avdec_h264")
      Self.checkVideo(Self.stream("v", in: direct), "qtdemux ! avdec_h264")
      Self.checkAudio(Self.stream("a", in: direct), "qtdemux ! avdec_aac")

      let pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: codes)))
      let size = 160 * 96
      #expect(pixels.count == Self.frames * size, "\(pixels.count) bytes of decoded codes")
      let shown = (0..<(pixels.count / size)).map { Self.code(pixels, frame: $0, width: 160) }
      let wrong = shown.enumerated().filter { $0.element != $0.offset }
      let firstWrong = wrong.prefix(10).map { ($0.offset, $0.element) }
      #expect(wrong.isEmpty, "frames that do not show their own number: \(firstWrong)")

      // playbin, as gst-play-1.0 and GStreamer applications play a file.
      let player = try Self.launch(
        [
          "playbin", "uri=\(URL(fileURLWithPath: movie).absoluteString)",
          "video-sink=identity name=v ! fakesink", "audio-sink=identity name=a ! fakesink",
        ], in: folder, "playbin")
      Self.checkVideo(Self.stream("v", in: player), "playbin")
      Self.checkAudio(Self.stream("a", in: player), "playbin")
    }
  }

  /// The number `BarcodeVideo`'s code at the top left of `frame` shows, in `pixels` (8-bit
  /// grey frames `width` wide, 96 high); nil unless every block is clean.
  static func code(_ pixels: [UInt8], frame: Int, width: Int) -> Int? {
    let (block, base) = (BarcodeVideo.blockSize, frame * width * 96)
    var number = 0
    for bit in 0..<BarcodeVideo.bits {
      let x = bit * block + block / 2
      let set = Int(pixels[base + (block / 2) * width + x])
      let complement = Int(pixels[base + (block + block / 2) * width + x])
      guard abs(set - complement) > 100 else { return nil }
      if set > complement { number |= 1 << bit }
    }
    return number
  }

  // MARK: Chromium

  /// `Tests/Measurements/chromium_play.py`, which drives Chromium and reports what its page saw.
  static let chromiumScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Measurements/chromium_play.py")

  /// `$CHROMIUM`, or the first Chromium on `PATH`.
  static let chromium: String? =
    ProcessInfo.processInfo.environment["CHROMIUM"]
    ?? ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"].lazy
    .compactMap(find).first

  static var chromiumSkipped: Comment {
    Comment(
      rawValue: chromium == nil
        ? "needs Chromium (Debian 12: apt-get install chromium; or set CHROMIUM)"
        : "needs python3, which drives Chromium")
  }

  @Test(
    "headless Chromium plays the movie to its end in a <video> with no error, presenting each frame at its time across the boundaries, and seeks either side of each boundary to the right picture",
    .enabled(if: chromium != nil && find("python3") != nil, chromiumSkipped),
    .ownTimeLimit(.seconds(5 * 60)))
  func chromiumPlaysAcrossBoundaries() throws {
    try withScratchFolder { folder in
      let movie = try Self.render(in: folder)
      let run = try Self.bounded(
        150,
        [
          Self.find("python3") ?? "python3", Self.chromiumScript.path, Self.chromium ?? "chromium",
          movie, "\(Self.fps)", "\(Self.frames)", "\(Self.segment)", "120",
        ], in: folder)
      try #require(run.status == 0, "chromium_play.py: \(run.stderr)")
      let result = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
        "chromium_play.py printed \(run.stdout)")
      try #require(result["failure"] == nil, "\(result)")
      let version = result["version"] as? String ?? "Chromium"
      let canPlay = result["canPlayType"] as? String ?? ""
      try #require(
        canPlay == "probably",
        "\(version) cannot play H.264 and AAC in MP4: canPlayType '\(canPlay)'")
      #expect(
        abs((result["duration"] as? Double ?? 0) - Double(Self.seconds)) < 0.5 / Double(Self.fps),
        "duration \(result["duration"] ?? "")")
      #expect(result["mediaError"] is NSNull, "video.error: \(result["mediaError"] ?? "")")
      #expect((result["errors"] as? [Any])?.isEmpty == true, "errors: \(result["errors"] ?? "")")
      let events = result["events"] as? [String: Int] ?? [:]
      #expect(events["error"] == 0 && events["ended"] == 1, "events: \(events)")

      let play = try #require(result["play"] as? [String: Any], "\(result)")
      #expect(play["ended"] as? Bool == true, "did not reach the end: \(play["currentTime"] ?? "")")
      #expect(play["totalVideoFrames"] as? Int == Self.frames, "\(play["totalVideoFrames"] ?? "")")
      #expect(play["corruptedVideoFrames"] as? Int == 0, "\(play["corruptedVideoFrames"] ?? "")")
      // A busy machine may drop a few frames of real-time playback, never a tenth.
      let dropped = play["droppedVideoFrames"] as? Int ?? Self.frames
      #expect(dropped <= Self.frames / 10, "\(dropped) frames dropped")

      // Each presented frame shows the frame its media time names; they cover the movie,
      // first frame to last, with no long freeze or jump at a boundary.
      let presented = (play["presented"] as? [[String: Any]] ?? []).map { frame in
        (
          at: Int(((frame["t"] as? Double ?? -1) * Double(Self.fps)).rounded()),
          code: frame["code"] as? Int
        )
      }
      #expect(
        presented.count >= Self.frames * 8 / 10, "\(presented.count) frames presented")
      let mismatched = presented.filter { $0.code != $0.at }
      let firstMismatched = mismatched.prefix(10).map { ($0.at, $0.code.map(String.init) ?? "nil") }
      #expect(mismatched.isEmpty, "presented frames showing another's picture: \(firstMismatched)")
      let times = presented.map(\.at)
      #expect(times.first ?? 99 <= 1 && times.last == Self.frames - 1, "presented \(times)")
      #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "presented \(times)")
      let gaps = zip(times, times.dropFirst()).filter { $1 - $0 > 6 }
      #expect(gaps.isEmpty, "presentation skipped from frame to frame: \(gaps)")

      let seeks = result["seeks"] as? [[String: Any]] ?? []
      #expect(seeks.count == 2 + 2 * Self.boundaries.count, "seeks: \(seeks)")
      for seek in seeks {
        #expect(seek["seeked"] as? Bool == true, "seek did not finish: \(seek)")
        #expect(seek["code"] as? Int == seek["frame"] as? Int, "after a seek: \(seek)")
      }
    }
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Hostile input, round two, as a user (or a spreadsheet) would bring it: each reproducer runs
/// the real command and must end fast with a located error or a correct result.
@Suite("Hostile input through the real commands", .tags(.endToEnd), .ownTimeLimit(.seconds(3 * 60)))
struct HostileInputCLITests {
  static let project = """
    version: 1
    variables: { label: a, x: "0" }
    output: { file: "out/ad-{{label}}.mp4", size: 64x48, fps: 10, duration: 0.5s }
    layers:
      - { name: band, fill: "#FF0000", box: ["{{x}}", 8, 16, 16] }

    """

  private func write(_ text: String, to name: String, in folder: ScratchFolder) throws {
    try text.write(to: folder.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  @Test("a data cell of a digit and a combining mark fails its row alone, located in the data")
  func combiningMarkCell() throws {
    try withScratchFolder { folder in
      try write(Self.project, to: "a.yaml", in: folder)
      try write("label,x\nr1,4\nr2,\"1\u{301}%\"\nr3,8\n", to: "rows.csv", in: folder)
      let run = try ChromakeBinary.run(
        ["batch", "a.yaml", "--data", "rows.csv", "--report", "r.json"], in: folder.url)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(run.stderr.contains("a.yaml:5:42: error: expected box x"), "\(run.stderr)")
      #expect(run.stderr.contains("(from rows.csv row 2, column 'x')"), "\(run.stderr)")
      #expect(run.stderr.contains("2 rendered, 0 up to date, 1 failed"), "\(run.stderr)")
      for label in ["r1", "r3"] {
        #expect(FileManager.default.fileExists(atPath: folder.path("out/ad-\(label).mp4")))
      }
      #expect(FileManager.default.fileExists(atPath: folder.path("r.json")))

      let set = try ChromakeBinary.run(
        ["check", "a.yaml", "--set", "x=1\u{301}%"], in: folder.url)
      #expect(set.status == 65, "\(set.stderr)")
      #expect(set.stderr.hasPrefix("a.yaml:5:42: error: expected box x"), "\(set.stderr)")
    }
  }

  @Test("a frame rate and a keyframe whose sum needs more than 64 bits render exactly")
  func wideRationalsRender() throws {
    try withScratchFolder { folder in
      let text = """
        version: 1
        output: { file: out.mp4, size: 64x48, fps: "100.000001", duration: 0.3s }
        layers:
          - name: band
            fill: "#FF0000"
            opacity: [{ at: 0, value: 1 }, { at: "99999.999999", value: 0 }]
            box: [0, 0, 64, 48]
            start: "99999.999999ms"
            fade_in: "0.000001"

        """
      try write(text, to: "wide.yaml", in: folder)
      for command in [["check"], ["plan", "--json"], ["frame", "--at", "0.2", "-o", "f.png"]] {
        let run = try ChromakeBinary.run(command + ["wide.yaml"], in: folder.url)
        #expect(run.status == 0, "\(command): \(run.stderr)")
      }
      let render = try ChromakeBinary.run(
        ["render", "wide.yaml", "--progress", "none"], in: folder.url)
      #expect(render.status == 0, "\(render.stderr)")
      let frames = try FFmpegCommand.ffprobe([
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
        "stream=nb_read_frames", "-of", "csv=p=0", folder.path("out.mp4"),
      ])
      // round(0.3 s × 100.000001 fps) = round(30.0000003) = 30 frames.
      #expect(frames.trimmingCharacters(in: .whitespacesAndNewlines) == "30")
      #expect(SafetyFiles.partials(under: folder.url) == [])
    }
  }

  @Test("a FIFO where a project, data, subtitle or media file belongs is refused at once")
  func fifos() throws {
    try withScratchFolder { folder in
      try write(
        Self.project + "  - { name: subs, captions: \"{{subs}}\" }\n"
          + "  - { name: clip, source: \"{{clip}}\" }\n",
        to: "a.yaml", in: folder)
      try write("1\n00:00:00,000 --> 00:00:00,400\nhello\n", to: "ok.srt", in: folder)
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x48", rate: 10, seconds: "0.5") + TestMedia.h264()
          + [folder.path("ok.mp4")])
      for name in ["fifo.yaml", "fifo.csv", "fifo.srt", "fifo.mp4"] {
        #expect(mkfifo(folder.path(name), 0o644) == 0)
      }
      let variables = ["--set", "subs=ok.srt", "--set", "clip=ok.mp4"]
      let cases: [(arguments: [String], expected: String)] = [
        (["check", "fifo.yaml"], "fifo.yaml: error: project file is not a regular file"),
        (
          ["batch", "a.yaml", "--data", "fifo.csv"] + variables,
          "fifo.csv: error: data file is not a regular file (a named pipe)"
        ),
        (
          ["check", "a.yaml", "--set", "subs=fifo.srt", "--set", "clip=ok.mp4"],
          "a.yaml:6:29: error: captions 'fifo.srt': subtitle file is not a regular file"
        ),
        (
          ["check", "a.yaml", "--set", "subs=ok.srt", "--set", "clip=fifo.mp4"],
          "not a regular file"
        ),
      ]
      // A command that blocked on a pipe would be killed at 20 s, and its ending would then
      // not be the exit 65 expected: no clock of the test's own is needed.
      for (arguments, expected) in cases {
        let run = try SafetyRun.run(arguments, in: folder.url, seconds: 20)
        #expect(run.ending == .exit(65), "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
      }
    }
  }

  @Test("SIGTERM while the loudness pass reads the mix: the batch stops and writes its report")
  func batchReportAfterSignalInLoudnessPass() throws {
    try withScratchFolder { folder in
      try FFmpegCommand.ffmpeg(
        TestMedia.tone(hertz: 440, rate: 48000, layout: "stereo", seconds: "2")
          + ["-c:a", "pcm_s16le", folder.path("tone.wav")])
      // Half a minute of looped sound measured and AAC-checked before the first frame's sound is
      // written: the signal lands in those passes, not between frames.
      try write(
        """
        version: 1
        variables: { label: a }
        output: { file: "out-{{label}}.mp4", size: 64x48, fps: 5, duration: 30s, audio: { loudness: -23 } }
        layers:
          - { name: band, fill: "#FF0000" }
        audio:
          - { name: tone, source: tone.wav, loop: true }

        """, to: "a.yaml", in: folder)
      try write("label\nr1\nr2\n", to: "rows.csv", in: folder)
      try write("{\"stale\": true}\n", to: "r.json", in: folder)
      let batch = try RunningChromake(
        ["batch", "a.yaml", "--data", "rows.csv", "--report", "r.json"], in: folder.url)
      // The temporary movie exists once the first frame is being written.
      try #require(
        RunningChromake.poll(seconds: 60) { !SafetyFiles.partials(under: folder.url).isEmpty },
        "no render started:\n\(batch.stderr)")
      usleep(300_000)
      batch.send(SIGTERM)
      let ending = batch.finish(within: 30)
      #expect(ending == .exit(143), "\(String(describing: ending)): \(batch.stderr)")
      #expect(batch.stderr.contains("row 1: interrupted by SIGTERM"), "\(batch.stderr)")
      let report = try String(
        contentsOf: folder.url.appendingPathComponent("r.json"), encoding: .utf8)
      #expect(!report.contains("stale"), "the earlier report was left: \(report)")
      #expect(report.contains("\"notStarted\" : 2"), "\(report)")
      #expect(SafetyFiles.partials(under: folder.url) == [])
    }
  }

  @Test("frame -o with a name too long for the file system is refused before rendering")
  func frameOutputNameLength() throws {
    try withScratchFolder { folder in
      try write(Self.project, to: "a.yaml", in: folder)
      let name = String(repeating: "n", count: 300) + ".png"
      let run = try ChromakeBinary.run(
        ["frame", "a.yaml", "--at", "0", "-o", name], in: folder.url)
      #expect(run.status == 64, "\(run.stderr)")
      #expect(run.stderr.contains("the file name is 304 bytes"), "\(run.stderr)")
    }
  }

  /// Runs `chromake check` on `text` written as `name`; its run and how long it took.
  /// `chromake check` of `text`, and the processor time it took: a cost bound judged by the
  /// kernel's count of the check's own time, which a loaded machine does not stretch.
  private func timedCheck(_ text: String, as name: String, in folder: ScratchFolder) throws
    -> (run: WatchedRun, seconds: Double)
  {
    try write(text, to: name, in: folder)
    let run = try WatchedRun.run(ChromakeBinary.url, ["check", name], in: folder.url)
    return (run, run.processorSeconds)
  }

  @Test("text that fits by shrinking is searched by bisection: huge fonts in tiny boxes check fast")
  func textFittingCost() throws {
    try withScratchFolder { folder in
      // Each took 10 s to over a minute when every whole size was tried, largest first.
      let words = String(String(repeating: "lorem ipsum dolor sit amet ", count: 200).prefix(4995))
      for font in [300, 16384] {
        let (run, seconds) = try timedCheck(
          """
          version: 1
          output: { file: o.mp4, size: 320x180, fps: 30, duration: 1s }
          layers:
            - { name: t, text: "\(words)", font: DejaVu Sans \(font), size_min: 1, box: [0, 0, 16, 16] }

          """, as: "fit\(font).yaml", in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("does not fit its 16×16 box at 1 px"), "\(run.stderr)")
        #expect(seconds < 4, "font \(font): \(seconds) s of processor time")
      }
      // 200 cues at 2000 px that fit only at a few pixels: 120 s before.
      var cues = ""
      for i in 0..<200 {
        let at = String(format: "00:%02d:%02d", i / 60, i % 60)
        cues += "\(i + 1)\n\(at),000 --> \(at),900\nword \(i)\n\n"
      }
      try write(cues, to: "cues.srt", in: folder)
      let (run, seconds) = try timedCheck(
        """
        version: 1
        output: { file: o.mp4, size: 320x180, fps: 30, duration: 200s }
        layers:
          - { name: c, captions: cues.srt, font: DejaVu Sans 2000, size_min: 1, box: [0, 0, 4, 4] }

        """, as: "cues.yaml", in: folder)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(seconds < 6, "200 cues: \(seconds) s of processor time")
      let plan = try ChromakeBinary.run(["plan", "cues.yaml"], in: folder.url)
      #expect(plan.status == 0, "\(plan.stderr)")
      // Every cue is set at the largest size that fits a 4×4 box: a pixel or two, never the
      // font's own 2000.
      let sizes = plan.stdout.split(separator: "\n").filter { $0.contains("\"word ") }
        .compactMap { line in
          line.split(separator: " ").firstIndex(of: "px").map { line.split(separator: " ")[$0 - 1] }
        }
      #expect(sizes.count == 200, "\(plan.stdout)")
      #expect(sizes.allSatisfy { Int($0).map { (1...3).contains($0) } == true }, "\(sizes)")
    }
  }

  @Test("ten thousand keyframes on one line read in linear time")
  func flowStyleKeyframes() throws {
    try withScratchFolder { folder in
      let keyframes = (0..<10_000).map { "{at: \($0), value: 0.\($0 % 10)}" }
        .joined(separator: ", ")
      let (run, seconds) = try timedCheck(
        """
        version: 1
        output: { file: o.mp4, size: 64x48, fps: 30, duration: 1s }
        layers:
          - { name: f, fill: "#FF0000", opacity: [\(keyframes)] }

        """, as: "flow.yaml", in: folder)
      #expect(run.status == 0, "\(run.stderr)")
      // 17 s before (a line's length was counted again for every value on it).
      #expect(seconds < 4, "\(seconds) s of processor time")
    }
  }

  @Test("the tests keep their caches to themselves: chromake writes none to ~/.cache")
  func hermeticCaches() throws {
    let folder = try #require(TestCaches.folder)
    #expect(ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] == folder)
    #expect(
      folder.hasPrefix(FileManager.default.temporaryDirectory.path) || folder.hasPrefix("/tmp/"))
    try withScratchFolder { scratch in
      try write(Self.project, to: "a.yaml", in: scratch)
      let run = try ChromakeBinary.run(["render", "a.yaml", "--progress", "none"], in: scratch.url)
      #expect(run.status == 0, "\(run.stderr)")
      // The render's identity cache (file hashes, the GL renderer) lands in the test's folder.
      #expect(FileManager.default.fileExists(atPath: folder + "/chromake/identities.json"))
    }
  }

  @Test("text pictures are bounded together: at the limit a render's peak memory stays bounded")
  func textPictureMemory() throws {
    try withScratchFolder { folder in
      func project(boxes: Int, side: Int) -> String {
        var text = """
          version: 1
          output: { file: out.mp4, size: 320x180, fps: 10, duration: 0.2s }
          layers:

          """
        for i in 0..<boxes {
          text += "  - { name: t\(i), text: hello, box: [0, 0, \(side), \(side)] }\n"
        }
        return text
      }
      // Four 8192-pixel boxes took 2.2 GB; now the second is refused.
      try write(project(boxes: 4, side: 8192), to: "huge.yaml", in: folder)
      let refused = try ChromakeBinary.run(["check", "huge.yaml"], in: folder.url)
      #expect(refused.status == 65, "\(refused.stderr)")
      #expect(refused.stderr.hasPrefix("huge.yaml:5:"), "\(refused.stderr)")
      #expect(refused.stderr.contains("[text-pictures-too-large]"), "\(refused.stderr)")
      // Four 4096-pixel boxes are the limit together: rendered, in well under a gigabyte.
      try write(project(boxes: 4, side: 4096), to: "limit.yaml", in: folder)
      let run = try WatchedRun.run(
        ChromakeBinary.url, ["render", "limit.yaml", "--progress", "none"], in: folder.url)
      #expect(run.status == 0)
      #expect(run.peakBytes < 1_000_000_000, "peak \(run.peakBytes / 1_000_000) MB")
    }
  }
}

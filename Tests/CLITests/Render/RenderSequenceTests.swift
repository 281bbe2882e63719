import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Sequences rendered by the real command and judged on decoded output: each transition's
/// pictures against its formula (numpy, `Tests/Measurements/transitions.py`), which source
/// frame each item shows on its own clock (barcodes), the sequence's exact length, the sound
/// crossed at equal power, and clicks that land on their own frames after ten cuts.
@Suite("chromake render: sequences and transitions", .tags(.endToEnd))
struct RenderSequenceTests {
  static let measurements = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Measurements")

  static func frameCount(_ movie: String) throws -> Int {
    let run = try ToolRun.run(
      tool: "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
        "stream=nb_read_frames", "-of", "csv=p=0", movie,
      ])
    return Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  @Test(
    "every transition's frames follow its formula within 3 codes, a video item and a fill alike"
  )
  func transitionsFollowTheirFormulas() throws {
    try withScratchFolder { folder in
      // Dark items are videos (drawn fused when alone), bright ones fills (prepared once).
      try BarcodeVideo.solid(
        folder.path("dark.mp4"), frames: 60, rate: "30", colour: "0x404040", width: 128,
        height: 72)
      // Black on the left to white on the right: a luma transition that wipes rightwards.
      try FFmpegCommand.ffmpeg([
        "-f", "lavfi", "-i", "nullsrc=s=128x72,format=gray", "-vf", "geq=lum='X*2+1'",
        "-frames:v", "1", folder.path("ramp.png"),
      ])
      let movie = try ChromakeBinary.render(
        """
        version: 1
        output: { file: seq.mp4, size: 128x72, fps: 30, video: { crf: 0, preset: ultrafast } }
        layers:
          - name: story
            sequence:
              - { source: dark.mp4, duration: 1.5s }
              - { transition: crossfade, duration: 500ms }
              - { fill: "#C0C0C0", duration: 1.5s }
              - { transition: dip, color: "#000000", duration: 500ms }
              - { source: dark.mp4, duration: 1.5s }
              - { transition: wipe, direction: left, duration: 500ms }
              - { fill: "#C0C0C0", duration: 1.5s }
              - { transition: wipe, direction: down, softness: 0.25, duration: 500ms }
              - { source: dark.mp4, duration: 1.5s }
              - { transition: slide, direction: up, duration: 500ms }
              - { fill: "#C0C0C0", duration: 1.5s }
              - { transition: push, direction: right, duration: 500ms }
              - { source: dark.mp4, duration: 1.5s }
              - { transition: slide, direction: left, duration: 500ms }
              - { fill: "#C0C0C0", duration: 1.5s }
              - { transition: luma, pattern: ramp.png, duration: 500ms }
              - { source: dark.mp4, duration: 1.5s }
        """, name: "seq", in: folder)
      // Nine 1.5 s items less eight 0.5 s transitions: 9.5 s, 285 frames. Each item shows
      // alone for 0.5 s between its transitions, where the judge measures its level.
      #expect(try Self.frameCount(movie) == 285)
      // Item i (from 0) starts at i s, and so does the transition that brings it in.
      let kinds: [[String: Any]] = [
        // On the decoded scale ffmpeg gives (limited range expanded), black is 0.
        ["kind": "crossfade"], ["kind": "dip", "colorLuma": 0],
        ["kind": "wipe", "direction": "left"],
        ["kind": "wipe", "direction": "down", "softness": 0.25],
        ["kind": "slide", "direction": "up"], ["kind": "push", "direction": "right"],
        ["kind": "slide", "direction": "left"],
        ["kind": "luma", "pattern": folder.path("ramp.png")],
      ]
      var transitions: [[String: Any]] = []
      for (index, kind) in kinds.enumerated() {
        var t = kind
        t["start"] = "\(index + 1)"
        t["duration"] = "1/2"
        transitions.append(t)
      }
      let spec = folder.path("spec.json")
      try JSONSerialization.data(withJSONObject: ["transitions": transitions]).write(
        to: URL(fileURLWithPath: spec))
      let run = try ToolRun.run(
        tool: "python3",
        [
          Self.measurements.appendingPathComponent("transitions.py").path, movie, "128", "72",
          "30", spec,
        ])
      guard run.status == 0,
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
          as? [String: Any],
        let results = json["transitions"] as? [[String: Any]]
      else { throw ToolFailure(description: "transitions.py failed:\n\(run.stderr)") }
      #expect(results.count == kinds.count)
      for result in results {
        let kind = result["kind"] as? String ?? "?"
        #expect(result["frames"] as? Int == 15, "\(kind): \(result)")
        // The two sides really differ, so the formula is tested, not flat grey.
        let a = result["a"] as? Double ?? 0
        let b = result["b"] as? Double ?? 0
        #expect(abs(a - b) > 80, "\(kind): A \(a), B \(b)")
        #expect((result["maxError"] as? Double ?? 99) <= 3, "\(kind): \(result)")
      }
    }
  }

  @Test(
    "after ten cuts and transitions each item shows its own frames on its own clock, each click lands on its own frame, and the length is exact"
  )
  func tenCutsKeepEveryItemOnItsClock() throws {
    try withScratchFolder { folder in
      // Eleven clips of 20 frames at 30 fps, clip i numbered from 100 i, each with a 10 ms
      // 2 kHz click at the start of its frame 12.
      for clip in 0..<11 {
        let video = folder.path("v\(clip).mp4")
        try BarcodeVideo.make(video, frames: 20, rate: "30", first: 100 * clip)
        try FFmpegCommand.ffmpeg([
          "-i", video, "-f", "lavfi", "-i",
          "aevalsrc='0.5*sin(2*PI*2000*t)*between(t,0.4,0.41)':s=48000:d=0.6667",
          "-map", "0:v", "-map", "1:a", "-c:v", "copy", "-c:a", "pcm_s16le",
          folder.path("c\(clip).mov"),
        ])
      }
      // Joins: cuts and transitions of lengths that are no whole number of frames.
      let joins: [(yaml: String?, seconds: Double)] = [
        (nil, 0), ("{ transition: crossfade, duration: 110ms }", 0.11), (nil, 0),
        ("{ transition: wipe, duration: 4f }", 4.0 / 30),
        ("{ transition: dip, duration: 70ms }", 0.07),
        (nil, 0), ("{ transition: push, duration: 130ms }", 0.13), (nil, 0),
        ("{ transition: slide, direction: down, duration: 90ms }", 0.09), (nil, 0),
      ]
      // Item i plays its clip from `in` = 10 i ms (a third of a frame per item) to the end.
      var lines: [String] = []
      var starts: [Double] = []
      var time = 0.25
      for clip in 0..<11 {
        if clip > 0 {
          time += (20.0 / 30 - Double(clip - 1) / 100) - joins[clip - 1].seconds
          if let join = joins[clip - 1].yaml { lines.append("      - \(join)") }
        }
        starts.append(time)
        lines.append("      - { source: c\(clip).mov, in: \(clip * 10)ms }")
      }
      let end = time + 20.0 / 30 - 10.0 / 100
      let movie = try ChromakeBinary.render(
        """
        version: 1
        output: { file: cuts.mp4, size: 96x16, fps: 30, video: { crf: 0, preset: ultrafast } }
        layers:
          - name: story
            start: 250ms
            sequence:
        \(lines.joined(separator: "\n"))
        """, name: "cuts", in: folder)
      let frames = Int((end * 30).rounded())
      #expect(try Self.frameCount(movie) == frames)
      let decoded = try BarcodeVideo.DecodedMovie(decoding: movie, width: 96, height: 16)
      var clicks: [Double] = []
      for clip in 0..<11 {
        // The click's source time 0.4 s is frame 12 of the clip; on the item's clock it
        // comes `in` later.
        let inPoint = Double(clip) / 100
        let clickTime = starts[clip] + 0.4 - inPoint
        clicks.append(clickTime)
        let frame = Int((clickTime * 30).rounded(.up))
        // The frame at the click shows the clip's source frame at that time.
        // The latest source frame at or before the item's time plus the 1 ms pick tolerance.
        let sourceFrame = Int(
          ((Double(frame) / 30 - starts[clip] + inPoint) * 30 + 0.03).rounded(.down))
        #expect(
          decoded.number(frame, x: 0, y: 0) == 100 * clip + sourceFrame,
          "item \(clip + 1) at frame \(frame)")
      }
      let found = try Self.clickTimes(movie)
      #expect(found.count == 11, "clicks found at \(found)")
      for (expected, got) in zip(clicks, found) {
        #expect(abs(expected - got) < 0.001, "click expected at \(expected) s, found at \(got) s")
      }
    }
  }

  /// The centres of the 2 kHz clicks in a movie's sound (energy centroids of each burst).
  static func clickTimes(_ movie: String) throws -> [Double] {
    let script = """
      import subprocess, sys, json
      import numpy as np
      raw = subprocess.run(["ffmpeg", "-v", "error", "-i", sys.argv[1], "-map", "0:a:0", "-ac", "1",
                            "-ar", "48000", "-f", "f32le", "-"], check=True, capture_output=True).stdout
      x = np.frombuffer(raw, dtype=np.float32).astype(np.float64)
      e = x * x
      loud = e > 0.01 * e.max()
      idx = np.flatnonzero(loud)
      groups = np.split(idx, np.flatnonzero(np.diff(idx) > 2400) + 1) if len(idx) else []
      centres = []
      for g in groups:
          lo, hi = max(0, g[0] - 480), min(len(e), g[-1] + 480)
          w = e[lo:hi]
          centres.append(float((np.arange(lo, hi) * w).sum() / w.sum() / 48000))
      print(json.dumps(centres))
      """
    let path = movie + ".clicks.py"
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    let run = try ToolRun.run(tool: "python3", [path, movie])
    guard run.status == 0,
      let centres = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [Double]
    else { throw ToolFailure(description: "click finder failed:\n\(run.stderr)") }
    // The burst is 10 ms long: its centre is 5 ms after its start.
    return centres.map { $0 - 0.005 }
  }

  @Test(
    "sound crosses at equal power: each side -3 dB at the middle, none of the incoming before its transition"
  )
  func soundCrossesAtEqualPower() throws {
    try withScratchFolder { folder in
      for (name, hertz) in [("a", 440), ("b", 1000)] {
        try FFmpegCommand.ffmpeg(
          TestMedia.pattern(size: "64x48", rate: 25, seconds: "3")
            + ["-f", "lavfi", "-i", "aevalsrc='0.25*sin(2*PI*\(hertz)*t)':s=48000:d=3"]
            + TestMedia.h264() + ["-c:a", "pcm_s16le", "-shortest", folder.path("\(name).mov")])
      }
      let movie = try ChromakeBinary.render(
        """
        version: 1
        output: { file: cross.mp4, size: 64x48, fps: 25, video: { preset: ultrafast } }
        layers:
          - name: story
            sequence:
              - { source: a.mov, duration: 2s }
              - { transition: crossfade, duration: 1s, ease: in }
              - { source: b.mov, duration: 2s }
        """, name: "cross", in: folder)
      // The transition runs from 1 s to 2 s; its middle is 1.5 s. Spans of whole periods of
      // both tones (multiples of 50 ms).
      let levels = try SoundJudge.toneLevels(
        movie, hertz: [440, 1000],
        spans: [(0.2, 0.7), (0.5, 1.0), (1.45, 1.55), (2.3, 2.8)])
      let full = 20 * log10(0.25)
      #expect(abs((levels[0][440] ?? -200) - full) <= 0.5, "A alone: \(levels[0])")
      #expect((levels[1][1000] ?? 0) < full - 50, "B before its transition: \(levels[1])")
      for hertz in [440, 1000] {
        let middle = (levels[2][hertz] ?? -200) - full
        #expect(abs(middle - -3.01) <= 1, "\(hertz) Hz at the middle: \(middle) dB")
      }
      #expect(abs((levels[3][1000] ?? -200) - full) <= 0.5, "B alone: \(levels[3])")
      #expect((levels[3][440] ?? 0) < full - 50, "A after its transition: \(levels[3])")
    }
  }

  @Test(
    "chromake frame shows a transition frame as the movie does; a moved line keeps the render up to date, a changed transition does not"
  )
  func frameAndRerenders() throws {
    try withScratchFolder { folder in
      try BarcodeVideo.solid(
        folder.path("dark.mp4"), frames: 60, rate: "30", colour: "0x303030", width: 64,
        height: 48)
      let yaml = """
        version: 1
        output: { file: s.mp4, size: 64x48, fps: 30, video: { crf: 0, preset: ultrafast } }
        layers:
          - name: story
            sequence:
              - { source: dark.mp4, duration: 1s }
              - { transition: crossfade, duration: 1s }
              - { fill: "#D0D0D0", duration: 1s }
        """
      let project = folder.path("s.yaml")
      try yaml.write(toFile: project, atomically: true, encoding: .utf8)
      let first = try ChromakeBinary.run(["render", project, "--progress", "none"])
      #expect(first.status == 0, "\(first.stderr)")
      // Frame 15: half way through the crossfade.
      let png = folder.path("f15.png")
      let frame = try ChromakeBinary.run(["frame", project, "--at", "15f", "-o", png])
      #expect(frame.status == 0, "\(frame.stderr)")
      let still = try Self.grey(png, frames: "0")
      let movie = try Self.grey(folder.path("s.mp4"), frames: "15")
      let dark = try Self.grey(folder.path("s.mp4"), frames: "0")
      #expect(abs(still - movie) <= 2, "frame \(still), movie \(movie)")
      #expect(abs(movie - dark) > 40, "half way is not the first item: \(movie) vs \(dark)")
      // A comment moves every line: nothing rendered changes.
      try ("# a note\n" + yaml).write(toFile: project, atomically: true, encoding: .utf8)
      let moved = try ChromakeBinary.run(
        ["render", project, "--progress", "none", "--explain"])
      #expect(moved.stderr.hasSuffix("s.mp4 is up to date\n"), "\(moved.stderr)")
      try ("# a note\n" + yaml.replacingOccurrences(of: "crossfade", with: "dip"))
        .write(toFile: project, atomically: true, encoding: .utf8)
      let changed = try ChromakeBinary.run(
        ["render", project, "--progress", "none", "--explain"])
      #expect(changed.status == 0)
      #expect(
        changed.stderr.contains("sequence[1].transition changed from 'crossfade' to 'dip'"),
        "\(changed.stderr)")
    }
  }

  /// The mean grey (0–255, as ffmpeg decodes it) of frame `frames` of a picture or movie.
  static func grey(_ path: String, frames: String) throws -> Double {
    let raw = path + ".\(frames).gray"
    try FFmpegCommand.ffmpeg([
      "-i", path, "-vf", "select=eq(n\\,\(frames))", "-frames:v", "1", "-f", "rawvideo",
      "-pix_fmt", "gray", raw,
    ])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: raw))
    return Double(bytes.reduce(0) { $0 + Int($1) }) / Double(max(1, bytes.count))
  }

  @Test(
    "a sequence of 120 clips renders with 40 open files allowed: each item's decoder is opened shortly before its first frame and closed after its last"
  )
  func manyItemsHoldFewDecoders() throws {
    try withScratchFolder { folder in
      try BarcodeVideo.solid(
        folder.path("clip.mp4"), frames: 6, rate: "30", colour: "0x808080", width: 64,
        height: 48)
      let items = (0..<120).map { _ in "      - { source: clip.mp4, duration: 4f }" }
      let project = folder.path("many.yaml")
      try """
      version: 1
      output: { file: many.mp4, size: 64x48, fps: 30, video: { preset: ultrafast } }
      layers:
        - name: story
          sequence:
      \(items.joined(separator: "\n"))
      """.write(toFile: project, atomically: true, encoding: .utf8)
      // Every item opened at once would need 120 descriptors for its file alone.
      let run = try ToolRun.run(
        tool: "sh",
        [
          "-c", "ulimit -n 40 && exec \"$0\" render \"$1\" --progress none",
          ChromakeBinary.url.path, project,
        ])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(try Self.frameCount(folder.path("many.mp4")) == 480)
    }
  }
}

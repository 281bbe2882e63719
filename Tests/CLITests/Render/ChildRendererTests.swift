import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Child projects drawn many times, through the real command: uses with the same timing share
/// one renderer, so threads and memory (counted by the kernel) stay bounded however often a
/// bumper is drawn, and what cannot be rendered in bounds is refused by `check` at the layer.
@Suite(
  "chromake render: many uses of child projects", .tags(.endToEnd), .ownTimeLimit(.seconds(5 * 60)))
struct ChildRendererTests {
  /// A 64×36 leaf: an orange ground with a white square moving across it.
  static let leaf = """
    version: 1
    output: { file: leaf.mp4, size: 64x36, fps: 30, duration: 1s, background: "#E4572E" }
    layers:
      - name: mover
        fill: "#FFFFFF"
        box:
          - { at: 0s, value: [0, 12, 12, 12] }
          - { at: 1s, value: [52, 12, 12, 12] }
    """

  static func write(_ text: String, _ name: String, in folder: ScratchFolder) throws {
    try text.write(toFile: folder.path(name), atomically: true, encoding: .utf8)
  }

  /// `chromake args…` in `folder`, watched for threads and peak memory.
  static func watched(_ arguments: [String], in folder: ScratchFolder) throws -> WatchedRun {
    try WatchedRun.run(ChromakeBinary.url, arguments, in: folder.url, limit: 240)
  }

  /// The picture's (R, G, B) at (x, y) of a `width`-wide rgb24 frame.
  static func pixel(_ bytes: [UInt8], width: Int, x: Int, y: Int) -> [Int] {
    let at = (y * width + x) * 3
    return [Int(bytes[at]), Int(bytes[at + 1]), Int(bytes[at + 2])]
  }

  static func isOrange(_ rgb: [Int]) -> Bool {
    abs(rgb[0] - 228) <= 12 && abs(rgb[1] - 87) <= 12 && abs(rgb[2] - 46) <= 12
  }

  @Test("a bumper drawn 1,000 times at once renders with one renderer: bounded threads and memory")
  func thousandUses() throws {
    try withScratchFolder { folder in
      try Self.write(Self.leaf, "leaf.yaml", in: folder)
      // A 40 × 25 grid of 16×14 cells, every one the leaf, all at the same time; and the
      // same project drawing it once, whose threads and memory are the measure (they grow
      // with the machine's cores: llvmpipe and x264 start a thread for each).
      func write(uses count: Int) throws {
        let uses = (0..<count).map { index in
          "  - { name: u\(index), project: leaf.yaml, box: [\(index % 40 * 16), \(index / 40 * 14), 16, 14], fit: stretch }"
        }
        try Self.write(
          """
          version: 1
          output: { file: out/many.mp4, size: 640x350, fps: 30, duration: 10f }
          layers:
          \(uses.joined(separator: "\n"))
          """, "many.yaml", in: folder)
      }
      try write(uses: 1)
      let once = try Self.watched(["render", "many.yaml", "--progress", "none"], in: folder)
      #expect(once.status == 0, "\(once.stderr)")
      try write(uses: 1000)
      let run = try Self.watched(["render", "many.yaml", "--progress", "none"], in: folder)
      #expect(run.status == 0, "\(run.stderr)")
      print(
        "1,000 uses: peak \(run.peakBytes >> 20) MiB, \(run.peakThreads) threads; "
          + "one use: \(once.peakBytes >> 20) MiB, \(once.peakThreads) threads")
      // One child renderer: the threads of a render of one use, not a thousand renderers'
      // (each was a thread and a GPU context, about 8 MB).
      #expect(run.peakThreads <= once.peakThreads + 4, "\(run.peakThreads) threads")
      #expect(run.peakBytes < once.peakBytes + 256 << 20, "\(run.peakBytes >> 20) MiB")
      let movie = folder.path("out/many.mp4")
      #expect(
        try FFmpegCommand.ffprobe([
          "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
          "-of", "csv=p=0", movie,
        ]).trimmingCharacters(in: .whitespacesAndNewlines) == "10")
      // Every use shows the leaf: its orange ground at the left of the cell's lower edge, in
      // the movie and in `frame`'s still, which composites the leaf once too.
      let still = folder.path("still.png")
      let frame = try Self.watched(["frame", "many.yaml", "--at", "9f", "-o", still], in: folder)
      #expect(frame.status == 0, "\(frame.stderr)")
      for bytes in [
        try RenderedMovie.rgb24(movie, frame: 9, in: folder),
        try RenderedMovie.rgb24(still, in: folder),
      ] {
        for index in [0, 39, 500, 999] {
          let x = index % 40 * 16 + 1
          let y = index / 40 * 14 + 12
          #expect(Self.isOrange(Self.pixel(bytes, width: 640, x: x, y: y)), "use \(index)")
        }
      }
    }
  }

  /// `fan.yaml` and levels `l1.yaml` … `l7.yaml` below it, each drawing the next twice side by
  /// side, the second use from `second`; `l7` draws the leaf twice: 256 uses of the leaf, 8
  /// deep.
  static func writeFanOut(
    in folder: ScratchFolder, start second: String = "0s", twice: Bool = true
  ) throws {
    try Self.write(Self.leaf, "leaf.yaml", in: folder)
    for level in 0...7 {
      let next = level == 7 ? "leaf.yaml" : "l\(level + 1).yaml"
      let output =
        level == 0
        ? "{ file: out/fan.mp4, size: 128x36, fps: 30, duration: 10f }"
        : "{ file: l.mp4, size: 128x36, fps: 30, duration: 1s }"
      try Self.write(
        """
        version: 1
        output: \(output)
        layers:
          - { name: left, project: \(next), box: [0, 0, 64, 36], fit: stretch }
          \(twice ? "- { name: right, project: \(next), box: [64, 0, 64, 36], fit: stretch, start: \(second) }" : "")
        """, level == 0 ? "fan.yaml" : "l\(level).yaml", in: folder)
    }
  }

  @Test("fan-out 2, depth 8 (256 uses of a 64×36 leaf) renders with one renderer a level")
  func fanOutTwoDepthEight() throws {
    try withScratchFolder { folder in
      // The same levels drawing the next once: a chain of 8, whose threads and memory are
      // the measure.
      try Self.writeFanOut(in: folder, twice: false)
      let chain = try Self.watched(["render", "fan.yaml", "--progress", "none"], in: folder)
      #expect(chain.status == 0, "\(chain.stderr)")
      try Self.writeFanOut(in: folder)
      let run = try Self.watched(["render", "fan.yaml", "--progress", "none"], in: folder)
      #expect(run.status == 0, "\(run.stderr)")
      print(
        "fan-out 2 depth 8: peak \(run.peakBytes >> 20) MiB, \(run.peakThreads) threads; "
          + "chain of 8: \(chain.peakBytes >> 20) MiB, \(chain.peakThreads) threads")
      #expect(run.peakThreads <= chain.peakThreads + 4, "\(run.peakThreads) threads")
      #expect(run.peakBytes < chain.peakBytes + 128 << 20, "\(run.peakBytes >> 20) MiB")
      let bytes = try RenderedMovie.rgb24(folder.path("out/fan.mp4"), frame: 5, in: folder)
      #expect(Self.isOrange(Self.pixel(bytes, width: 128, x: 1, y: 33)))
      #expect(Self.isOrange(Self.pixel(bytes, width: 128, x: 126, y: 33)))
    }
  }

  /// `check`'s error lines for `project`, each of which must be located in a file.
  static func errors(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter { $0.contains(" error: ") || $0.hasPrefix("error:") }
  }

  @Test(
    "uses at their own timings past the bound are refused by check at the layer that crosses it")
  func tooManyRenderersRefused() throws {
    try withScratchFolder { folder in
      // A leaf that plays for 10 s, so that every use overlaps every other.
      try Self.write(
        Self.leaf.replacingOccurrences(of: "duration: 1s", with: "duration: 10s"), "long.yaml",
        in: folder)
      // Each use starts a frame after the one before: 70 renderers at once.
      let uses = (0..<70).map { index in
        "  - { name: u\(index), project: long.yaml, start: \(index)f }"
      }
      try Self.write(
        """
        version: 1
        output: { file: out/staggered.mp4, size: 64x36, fps: 30, duration: 3s }
        layers:
        \(uses.joined(separator: "\n"))
        """, "staggered.yaml", in: folder)
      let run = try Self.watched(["check", "staggered.yaml"], in: folder)
      #expect(run.status == 65, "\(run.stderr)")
      let errors = Self.errors(run.stderr)
      // The 65th use (line 68) crosses the bound of 64; 70 run at once.
      #expect(errors.count == 1, "\(run.stderr)")
      #expect(
        errors.first?.hasPrefix("staggered.yaml:68:") == true
          && errors.first?.contains("70 child project renderers") == true
          && errors.first?.contains("more than 64") == true, "\(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
      // Sixty-four of them pass, and so do a thousand that share one timing (`thousandUses`).
      let fewer = (0..<64).map { "  - { name: u\($0), project: long.yaml, start: \($0)f }" }
      try Self.write(
        """
        version: 1
        output: { file: out/staggered.mp4, size: 64x36, fps: 30, duration: 3s }
        layers:
        \(fewer.joined(separator: "\n"))
        """, "staggered.yaml", in: folder)
      let passing = try Self.watched(["check", "staggered.yaml"], in: folder)
      #expect(passing.status == 0, "\(passing.stderr)")
    }
  }

  @Test("uses one after another count only while they overlap: 100 in a sequence pass and render")
  func usesInSequence() throws {
    try withScratchFolder { folder in
      try Self.write(
        Self.leaf.replacingOccurrences(of: "duration: 1s", with: "duration: 2f"), "short.yaml",
        in: folder)
      // 100 renderers in all, each made half a second (15 frames) ahead: 9 at once.
      let items = (0..<100).map { "      - { name: i\($0), project: short.yaml }" }
      try Self.write(
        """
        version: 1
        output: { file: out/row.mp4, size: 64x36, fps: 30 }
        layers:
          - name: row
            sequence:
        \(items.joined(separator: "\n"))
        """, "row.yaml", in: folder)
      let check = try Self.watched(["check", "row.yaml"], in: folder)
      #expect(check.status == 0, "\(check.stderr)")
      let run = try Self.watched(["render", "row.yaml", "--progress", "none"], in: folder)
      #expect(run.status == 0, "\(run.stderr)")
      let movie = folder.path("out/row.mp4")
      #expect(
        try FFmpegCommand.ffprobe([
          "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
          "-of", "csv=p=0", movie,
        ]).trimmingCharacters(in: .whitespacesAndNewlines) == "200")
      let bytes = try RenderedMovie.rgb24(movie, frame: 199, in: folder)
      #expect(Self.isOrange(Self.pixel(bytes, width: 64, x: 40, y: 2)))
    }
  }

  @Test(
    "a tree whose every second use has its own timing is refused in the first child past the bound")
  func fanOutWithOwnTimingsRefused() throws {
    try withScratchFolder { folder in
      // Each level runs 2 renderers of the next, each with the next's own: l7 holds 2, l6
      // 2 × 3 = 6, l5 14, l4 30, l3 62, l2 126: past 64, at its second use.
      try Self.writeFanOut(in: folder, start: "1f")
      let run = try Self.watched(["check", "fan.yaml"], in: folder)
      #expect(run.status == 65, "\(run.stderr)")
      let errors = Self.errors(run.stderr)
      #expect(errors.count == 1, "\(run.stderr)")
      #expect(
        errors.first?.hasPrefix("l2.yaml:5:") == true
          && errors.first?.contains("126 child project renderers") == true, "\(run.stderr)")
    }
  }

  @Test("an 8192×8192 child drawn at two timings is refused for its pixels; at one it is shared")
  func hugeChildPixels() throws {
    try withScratchFolder { folder in
      try Self.write(
        """
        version: 1
        output: { file: big.mp4, size: 8192x8192, fps: 30, duration: 1s, background: "#101010" }
        layers:
          - { name: ground, fill: "#E4572E", box: [0, 0, 8192, 8192] }
        """, "big.yaml", in: folder)
      let shared = (0..<8).map {
        "  - { name: u\($0), project: big.yaml, box: [\($0 * 8), 0, 8, 36], fit: stretch }"
      }
      try Self.write(
        """
        version: 1
        output: { file: out/small.mp4, size: 64x36, fps: 30, duration: 10f }
        layers:
        \(shared.joined(separator: "\n"))
        """, "small.yaml", in: folder)
      let sharing = try Self.watched(["check", "small.yaml"], in: folder)
      #expect(sharing.status == 0, "\(sharing.stderr)")
      try Self.write(
        """
        version: 1
        output: { file: out/small.mp4, size: 64x36, fps: 30, duration: 10f }
        layers:
          - { name: a, project: big.yaml }
          - { name: b, project: big.yaml, start: 1f }
        """, "small.yaml", in: folder)
      let run = try Self.watched(["check", "small.yaml"], in: folder)
      #expect(run.status == 65, "\(run.stderr)")
      let errors = Self.errors(run.stderr)
      #expect(errors.count == 1, "\(run.stderr)")
      #expect(
        errors.first?.hasPrefix("small.yaml:5:") == true
          && errors.first?.contains("134217728 pixels, more than 67108864") == true,
        "\(run.stderr)")
    }
  }
}

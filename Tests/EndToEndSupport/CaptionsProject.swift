import Foundation
import TestSupport
import Testing

// Support for the end-to-end tests of captions layers: subtitle files written from cue lists,
// projects at any frame rate over a #202020 plate, lossless, and what a decoded frame's ink
// says about the words on it (where they lie, which way they lean).

/// One subtitle cue as a test writes it: milliseconds on the file's clock, and its words as
/// written (tags included).
public struct TestCue: Sendable {
  public var start: Int
  public var end: Int
  public var text: String

  public init(_ start: Int, _ end: Int, _ text: String) {
    (self.start, self.end, self.text) = (start, end, text)
  }

  /// `HH:MM:SS,mmm` (SubRip) or `HH:MM:SS.mmm` (WebVTT).
  public static func timestamp(_ ms: Int, separator: String) -> String {
    let (hours, minutes) = (ms / 3_600_000, ms / 60_000 % 60)
    let (seconds, millis) = (ms / 1000 % 60, ms % 1000)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let three = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
    return "\(two(hours)):\(two(minutes)):\(two(seconds))\(separator)\(three)"
  }

  /// A SubRip file of `cues`, numbered from 1 in the order given.
  public static func subRip(_ cues: [TestCue]) -> String {
    cues.enumerated().map { index, cue in
      "\(index + 1)\n\(timestamp(cue.start, separator: ",")) --> "
        + "\(timestamp(cue.end, separator: ","))\n\(cue.text)\n"
    }.joined(separator: "\n")
  }

  /// A WebVTT file of `cues`.
  public static func webVTT(_ cues: [TestCue]) -> String {
    "WEBVTT\n\n"
      + cues.map { cue in
        "\(timestamp(cue.start, separator: ".")) --> \(timestamp(cue.end, separator: "."))\n"
          + "\(cue.text)\n"
      }.joined(separator: "\n")
  }
}

/// An output frame rate as a ratio, `numerator / denominator` frames a second.
public struct TestFrameRate: CustomTestStringConvertible, Sendable {
  public var numerator: Int
  public var denominator: Int

  public init(numerator: Int, denominator: Int) {
    (self.numerator, self.denominator) = (numerator, denominator)
  }

  /// As the project writes it.
  public var yaml: String {
    denominator == 1 ? "\(numerator)" : "\"\(numerator)/\(denominator)\""
  }

  public var testDescription: String {
    denominator == 1 ? "\(numerator) fps" : "\(numerator)/\(denominator) fps"
  }

  /// Whether output frame `k` (at `k / fps` seconds) lies at or after `ms` milliseconds:
  /// `k · 1000 · denominator ≥ ms · numerator`, in integers, so exactly.
  public func frame(_ k: Int, isAtOrAfter ms: Int) -> Bool {
    k * 1000 * denominator >= ms * numerator
  }

  /// `round(ms / 1000 · fps)`: how many frames an output of `ms` milliseconds has.
  public func frames(in ms: Int) -> Int {
    (2 * ms * numerator + 1000 * denominator) / (2000 * denominator)
  }
}

/// Projects with captions layers over a #202020 plate, written beside their subtitle files.
public enum CaptionsProject {
  public static let plateHex = "#202020"
  public static let plateLuma = YCbCrCoding.output.codes(rgb8(0x20, 0x20, 0x20)).x

  /// A project writing `out.mp4` losslessly (crf 0) at `fps`; `layers` is the YAML of the
  /// list's items, each line indented by two spaces.
  public static func yaml(
    size: String, fps: String = "10", duration: String, variables: String? = nil,
    layers: String
  ) -> String {
    (variables.map { "variables: \($0)\n" } ?? "") + """
      version: 1
      output:
        file: out.mp4
        size: \(size)
        fps: \(fps)
        duration: \(duration)
        background: "\(plateHex)"
        video: { crf: 0, preset: ultrafast }
      layers:
      \(layers)

      """
  }

  /// Writes `files` (name → contents) and `yaml` as `project.yaml` in `folder`, and runs
  /// `chromake render project.yaml` with `extra` arguments.
  public static func render(
    _ yaml: String, files: [String: String], in folder: ScratchFolder, extra: [String] = []
  ) throws -> ToolRun {
    for (name, contents) in files {
      let url = folder.url.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: url, atomically: true, encoding: .utf8)
    }
    try yaml.write(
      to: folder.url.appendingPathComponent("project.yaml"), atomically: true, encoding: .utf8)
    return try ChromakeBinary.run(
      ["render", "project.yaml", "--progress", "none"] + extra, in: folder.url)
  }

  /// Renders as `render` does and returns the run and every decoded frame of the movie.
  public static func frames(
    _ yaml: String, files: [String: String], in folder: ScratchFolder
  ) throws -> (run: ToolRun, frames: [YUVFrame]) {
    let run = try render(yaml, files: files, in: folder)
    guard run.status == 0 else {
      throw ToolFailure(
        description: "chromake render exited \(run.status):\n\(run.stderr)\n--- project:\n\(yaml)")
    }
    return (run, try RenderedMovie.frames(folder.path("out.mp4"), in: folder))
  }

  /// The ink of `frame` against the plate.
  public static func ink(_ frame: YUVFrame) -> Ink {
    Ink(in: frame, plateLuma: plateLuma)
  }
}

extension YUVFrame {
  /// Whether pixel (x, y) is ink: its luma more than `threshold` from `plateLuma`.
  public func isInk(x: Int, y: Int, plateLuma: Double, threshold: Double = 40) -> Bool {
    abs(Double(luma[y * width + x]) - plateLuma) > threshold
  }

  /// The first and last columns holding ink within `rows` (all columns), or `nil`.
  public func inkColumns(rows: ClosedRange<Int>, plateLuma: Double) -> ClosedRange<Int>? {
    var (low, high) = (Int.max, Int.min)
    for y in rows {
      for x in 0..<width where isInk(x: x, y: y, plateLuma: plateLuma) {
        (low, high) = (min(low, x), max(high, x))
      }
    }
    return low <= high ? low...high : nil
  }

  /// How far the ink's mean column moves per row down the frame (a least-squares slope over
  /// the inked rows): about 0 for upright vertical strokes, negative for strokes leaning right
  /// (their tops further right than their feet), as italic's do.
  public func inkLean(plateLuma: Double) -> Double {
    var points: [(y: Double, x: Double)] = []
    for y in 0..<height {
      let xs = (0..<width).filter { isInk(x: $0, y: y, plateLuma: plateLuma) }
      if !xs.isEmpty { points.append((Double(y), Double(xs.reduce(0, +)) / Double(xs.count))) }
    }
    guard points.count > 1 else { return 0 }
    let n = Double(points.count)
    let (meanY, meanX) = (points.map(\.y).reduce(0, +) / n, points.map(\.x).reduce(0, +) / n)
    let covariance = points.map { ($0.y - meanY) * ($0.x - meanX) }.reduce(0, +)
    let variance = points.map { ($0.y - meanY) * ($0.y - meanY) }.reduce(0, +)
    return covariance / variance
  }

  /// Whether `other` has exactly the same samples.
  public func isIdentical(to other: YUVFrame) -> Bool {
    luma == other.luma && cb == other.cb && cr == other.cr
  }
}

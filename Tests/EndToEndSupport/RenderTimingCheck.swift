import Foundation
import TestSupport
import Testing

/// Independent checks of a rendered movie's timing: ffprobe for its stream and timestamps,
/// ffmpeg's decoded frames for what each region shows.
public enum TimingCheck {
  /// The video stream as ffprobe reports it.
  public struct VideoStream: Sendable {
    public var timeBase: Ratio
    /// `r_frame_rate` and `avg_frame_rate`, as ffprobe prints them.
    public var frameRate: String
    public var averageFrameRate: String
    /// The container's frame count.
    public var frameCountTag: Int?
    /// The stream's duration in time-base units.
    public var durationTicks: Int?
    /// Every decoded frame's presentation timestamp in time-base units, in output order.
    public var timestamps: [Int]
  }

  /// Probes the first video stream of `path`, decoding it for the frames' timestamps.
  public static func probe(_ path: String) throws -> VideoStream {
    let fields = try FFmpegCommand.ffprobe(
      [
        "-select_streams", "v:0", "-show_entries",
        "stream=time_base,r_frame_rate,avg_frame_rate,nb_frames,duration_ts",
        "-of", "default=noprint_wrappers=1", path,
      ]
    )
    var values: [String: String] = [:]
    for line in fields.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { values[parts[0]] = parts[1] }
    }
    // One "pts=…" line per frame; a frame's side data (x264's SEI) adds lines of its own.
    let frames = try FFmpegCommand.ffprobe(
      [
        "-select_streams", "v:0", "-show_entries", "frame=pts", "-of",
        "default=noprint_wrappers=1", path,
      ])
    let timestamps = frames.split(separator: "\n").filter { $0.hasPrefix("pts=") }.map {
      Int($0.dropFirst(4)) ?? -1
    }
    guard let timeBase = values["time_base"].flatMap(Ratio.init) else {
      throw ToolFailure(description: "ffprobe gave no time base for \(path):\n\(fields)")
    }
    return VideoStream(
      timeBase: timeBase, frameRate: values["r_frame_rate"] ?? "",
      averageFrameRate: values["avg_frame_rate"] ?? "",
      frameCountTag: values["nb_frames"].flatMap { Int($0) },
      durationTicks: values["duration_ts"].flatMap { Int($0) }, timestamps: timestamps)
  }

  /// The frames whose timestamp is not exactly `k / fps`, as readable lines.
  public static func misplacedTimestamps(_ stream: VideoStream, fps: Ratio) -> [String] {
    stream.timestamps.enumerated().compactMap { k, pts in
      let time = Ratio(pts) * stream.timeBase
      let wanted = Ratio(k) / fps
      return time == wanted ? nil : "frame \(k): pts \(pts) = \(time) s, not \(wanted) s"
    }
  }

  /// The greys the plate and the background decode to, for telling them apart from codes.
  public struct Greys: Sendable {
    public var plate: Int
    public var background: Int

    public init(plate: Int, background: Int) {
      (self.plate, self.background) = (plate, background)
    }

    /// For regions where a code shows on every frame: any flat grey is wrong there.
    public static let codesOnly = Greys(plate: -100, background: -100)
  }

  /// How far a flat region may stray from its grey: coding noise, not another picture.
  public static let flatTolerance = 12

  /// One line for each frame of `movie` whose code-sized region at (`x`, `y`) does not show
  /// `expected(k)`; empty when every frame does.
  public static func mismatches(
    in movie: BarcodeVideo.DecodedMovie, x: Int, y: Int, greys: Greys,
    expected: (Int) -> Shown
  ) -> [String] {
    (0..<movie.count).compactMap { k in
      let want = expected(k)
      let got = read(movie, frame: k, x: x, y: y)
      if case .number(let n) = want {
        return got == "number \(n)" ? nil : "frame \(k): expected \(want), got \(got)"
      }
      let grey = want == .plate ? greys.plate : greys.background
      let flat = movie.flatness(
        k, x: x, y: y, width: BarcodeVideo.codeWidth, height: BarcodeVideo.codeHeight)
      let matches = flat.spread <= flatTolerance && abs(flat.mean - grey) <= flatTolerance
      return matches ? nil : "frame \(k): expected \(want) (grey \(grey)), got \(got)"
    }
  }

  /// What a code-sized region shows, in words: a number, or a flat or mixed grey.
  public static func read(_ movie: BarcodeVideo.DecodedMovie, frame k: Int, x: Int, y: Int)
    -> String
  {
    if let number = movie.number(k, x: x, y: y) { return "number \(number)" }
    let flat = movie.flatness(
      k, x: x, y: y, width: BarcodeVideo.codeWidth, height: BarcodeVideo.codeHeight)
    return flat.spread <= flatTolerance
      ? "flat grey \(flat.mean)" : "no code (mean grey \(flat.mean), spread \(flat.spread))"
  }

  /// Records one issue listing the first few of `wrong` (lines from `mismatches` or
  /// `misplacedTimestamps`) after `context`, unless there are none.
  public static func expectNone(
    _ wrong: [String], _ context: String = "", limit: Int = 12,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard !wrong.isEmpty else { return }
    let shown = wrong.prefix(limit).joined(separator: "\n")
    let more = wrong.count > limit ? "\n… and \(wrong.count - limit) more" : ""
    Issue.record(
      "\(context)\(wrong.count) frame(s) wrong:\n\(shown)\(more)", sourceLocation: sourceLocation)
  }
}

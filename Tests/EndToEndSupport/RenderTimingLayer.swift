import TestSupport

/// A clip the timing tests generate: a barcode video whose frame `i` shows `first + i`, or a
/// flat grey plate.
public struct TimedClip: Sendable {
  /// The file name under the project's `media/` folder.
  public var file: String
  /// The frame rate as ffmpeg and the project file write it: "25", "30000/1001".
  public var rate: String
  public var frames: Int
  public var width = BarcodeVideo.codeWidth
  public var height = BarcodeVideo.codeHeight
  /// The number frame 0 shows; nil for a plate.
  public var firstNumber: Int?

  /// The plates' grey, far from the codes' black and white and from a black background.
  public static let plateColour = "0x808080"

  public static func barcode(
    _ file: String, rate: String, frames: Int, first: Int = 0,
    width: Int = BarcodeVideo.codeWidth, height: Int = BarcodeVideo.codeHeight
  ) -> TimedClip {
    TimedClip(
      file: file, rate: rate, frames: frames, width: width, height: height, firstNumber: first)
  }

  public static func plate(_ file: String, rate: String, frames: Int, width: Int, height: Int)
    -> TimedClip
  {
    TimedClip(file: file, rate: rate, frames: frames, width: width, height: height)
  }

  public var frameRate: Ratio { Ratio(rate)! }

  /// How long the clip lasts: frame `i` is at `i / rate`, and the last lasts one interval.
  public var length: Ratio { Ratio(frames) / frameRate }

  /// Writes the clip into `folder/media/`.
  public func make(in folder: ScratchFolder) throws {
    let path = folder.path("media/\(file)")
    if let firstNumber {
      try BarcodeVideo.make(
        path, frames: frames, rate: rate, width: width, height: height, first: firstNumber)
    } else {
      try BarcodeVideo.solid(
        path, frames: frames, rate: rate, colour: Self.plateColour, width: width, height: height)
    }
  }
}

/// What a region of an output frame shows.
public enum Shown: Equatable, CustomStringConvertible, Sendable {
  /// A barcode with this number.
  case number(Int)
  /// The flat grey plate.
  case plate
  /// No layer: the output's background.
  case background

  public var description: String {
    switch self {
    case .number(let n): "number \(n)"
    case .plate: "the plate"
    case .background: "the background"
    }
  }
}

/// One `source` layer as a test means it. Both its YAML and the source frame it shows on each
/// output frame follow from these values; the latter by the timing rule (docs/ARCHITECTURE.md,
/// "Video path"), never by asking the renderer's plan.
public struct TimedLayer: Sendable {
  public var name: String
  public var clip: TimedClip
  /// x, y, width, height; the layer fills the frame without one.
  public var box: [Int]?
  public var start: Ratio?
  public var inPoint: Ratio?
  public var outPoint: Ratio?
  public var duration: Ratio?
  public var loop: Bool
  /// "hide" or "hold"; the project's default (hide) when nil.
  public var afterEnd: String?

  public init(
    name: String, clip: TimedClip, box: [Int]? = nil, start: Ratio? = nil, inPoint: Ratio? = nil,
    outPoint: Ratio? = nil, duration: Ratio? = nil, loop: Bool = false, afterEnd: String? = nil
  ) {
    (self.name, self.clip, self.box, self.start) = (name, clip, box, start)
    (self.inPoint, self.outPoint, self.duration) = (inPoint, outPoint, duration)
    (self.loop, self.afterEnd) = (loop, afterEnd)
  }

  /// The layer as a YAML list item under `layers:`.
  public var yaml: String {
    var lines = ["  - name: \(name)", "    source: media/\(clip.file)"]
    if let box { lines.append("    box: [\(box.map(String.init).joined(separator: ", "))]") }
    if let start { lines.append("    start: \(start.yamlTime)") }
    if let inPoint { lines.append("    in: \(inPoint.yamlTime)") }
    if let outPoint { lines.append("    out: \(outPoint.yamlTime)") }
    if let duration { lines.append("    duration: \(duration.yamlTime)") }
    if loop { lines.append("    loop: true") }
    if let afterEnd { lines.append("    after_end: \(afterEnd)") }
    return lines.joined(separator: "\n")
  }

  private var startTime: Ratio { start ?? Ratio(0) }
  private var inTime: Ratio { inPoint ?? Ratio(0) }

  /// Source time where the clip stops: `out`, or the clip's end.
  private var sourceOut: Ratio { min(outPoint ?? clip.length, clip.length) }

  /// The output time at which the layer stops showing; nil for a loop without a duration,
  /// which plays to the output's end.
  public var end: Ratio? {
    if let duration { return startTime + duration }
    if loop { return nil }
    return startTime + (sourceOut - inTime)
  }

  /// The last source frame before the out point: what `after_end: hold` keeps showing.
  private var lastFrameBeforeOut: Int {
    min(clip.frames, (sourceOut * clip.frameRate).ceiling) - 1
  }

  /// The index of the source frame the layer shows on output frame `k` at `fps`; nil where
  /// the layer is not drawn.
  ///
  /// The layer shows on `start ≤ t < end`; at `t` it shows the frame with the greatest time
  /// `p ≤ in + (t − start) + 1 ms`, wrapped into `in..<out` with `loop`, and never a frame at
  /// or after `out`. Once the source time reaches `out`, `hold` keeps the last frame before
  /// it and `hide` draws nothing.
  public func sourceFrame(atFrame k: Int, fps: Ratio) -> Int? {
    let time = Ratio(k) / fps
    guard time >= startTime, end.map({ time < $0 }) ?? true else { return nil }
    let elapsed = time - startTime
    let sourceTime = inTime + (loop ? elapsed.wrapped(into: sourceOut - inTime) : elapsed)
    if sourceTime >= sourceOut {
      return afterEnd == "hold" ? lastFrameBeforeOut : nil
    }
    return min(((sourceTime + Ratio.ms(1)) * clip.frameRate).floor, lastFrameBeforeOut)
  }

  /// What the layer shows on output frame `k` at `fps`, nil where it is not drawn.
  public func shown(atFrame k: Int, fps: Ratio) -> Shown? {
    guard let index = sourceFrame(atFrame: k, fps: fps) else { return nil }
    return clip.firstNumber.map { .number($0 + index) } ?? .plate
  }
}

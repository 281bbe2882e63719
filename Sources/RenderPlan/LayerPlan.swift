public import ProjectFile
public import Timeline

/// One visual layer: which output frames it is drawn on and which source time each shows.
///
/// Output frame `k` in `frames` shows the source frame with the greatest presentation time
/// `p ≤ sourceTime(k) + pickTolerance`, where `sourceTime(k) = sourceIn + (k / fps − start)`,
/// wrapped into `sourceIn..<sourceOut` when `loop`, and held on the last frame before
/// `sourceOut` when `afterEnd` is `hold`.
public struct LayerPlan: Codable, Sendable, Equatable {
  /// The layer's name.
  public var name: String
  /// Where the layer is written.
  public var location: PlanLocation
  /// The video file.
  public var source: String
  /// The luma matte file, if any.
  public var matte: String?
  /// Output frames `first..<end` on which the layer is drawn.
  public var frames: FrameRange
  /// Output time at which the layer begins.
  public var start: Rational
  /// Source time shown at `start`.
  public var sourceIn: Rational
  /// Source time where the clip stops (exclusive).
  public var sourceOut: Rational
  /// Whether source time wraps within `sourceIn..<sourceOut`.
  public var loop: Bool
  /// `hide` or `hold` once the source has ended.
  public var afterEnd: AfterEnd
  /// Slack added to the source time when picking a frame: 1 ms absorbs time-base rounding.
  public var pickTolerance: Rational
  /// Where the picture goes, in output pixels.
  public var box: Box
  /// How the picture fills the box.
  public var fit: Fit
  /// Multiplies alpha.
  public var opacity: Double
  /// Chroma key, if any.
  public var key: KeyPlan?

  /// The source time output frame `k` asks for (before the pick tolerance and any hold).
  public func sourceTime(ofFrame k: Int64, fps: Rational) -> Rational {
    let elapsed = TimeGrid.time(ofFrame: k, fps: fps) - start
    if loop { return sourceIn + Rational.positiveRemainder(elapsed, sourceOut - sourceIn) }
    return sourceIn + elapsed
  }
}

/// Output frames `first..<end`.
public struct FrameRange: Codable, Sendable, Equatable {
  /// First frame drawn.
  public var first: Int64
  /// One past the last frame drawn.
  public var end: Int64
  /// How many frames.
  public var count: Int64 { max(0, end - first) }

  /// Creates the range `first..<end`.
  public init(first: Int64, end: Int64) {
    self.first = first
    self.end = end
  }
}

/// A chroma key's settings.
public struct KeyPlan: Codable, Sendable, Equatable {
  /// `#RRGGBB`.
  public var color: String
  /// Fully transparent under this CbCr distance.
  public var similarity: Double
  /// Width of the ramp to opaque.
  public var smoothness: Double
  /// Spill suppression amount.
  public var spill: Double
}

/// One audio stream in the mix.
///
/// Output samples `firstSample..<endSample` hold the stream resampled to the output rate,
/// read from `sourceIn` (wrapping within `sourceIn..<sourceOut` when `loop`), multiplied by
/// `gain` and by linear ramps of `fadeInSamples` after `firstSample` and `fadeOutSamples`
/// before `endSample`.
public struct AudioStreamPlan: Codable, Sendable, Equatable {
  /// The layer or track it belongs to.
  public var owner: String
  /// `layer` or `track`.
  public var ownerKind: String
  /// Where the owner is written.
  public var location: PlanLocation
  /// The media file.
  public var source: String
  /// Index among the file's audio streams (0 is the first audio stream).
  public var audioStream: Int
  /// Index among all the file's streams.
  public var streamIndex: Int
  /// The stream's own sample rate.
  public var sourceSampleRate: Int
  /// The stream's own channel layout.
  public var sourceLayout: String
  /// First output sample.
  public var firstSample: Int64
  /// One past the last output sample.
  public var endSample: Int64
  /// Source time of the first sample read.
  public var sourceIn: Rational
  /// Source time where reading stops (exclusive).
  public var sourceOut: Rational
  /// Whether reading wraps within `sourceIn..<sourceOut`.
  public var loop: Bool
  /// Linear factor.
  public var gain: Double
  /// The same in decibels, for people.
  public var gainDecibels: Double
  /// Length of the linear fade in, in output samples.
  public var fadeInSamples: Int64
  /// Length of the linear fade out, in output samples.
  public var fadeOutSamples: Int64
}

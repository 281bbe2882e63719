/// How the mix's peaks are held under a ceiling.
public struct LimiterPlan: Codable, Sendable, Equatable {
  /// What the ceiling is measured on.
  public enum Detection: String, Codable, Sendable {
    /// Sample values (`output.audio.limiter`, −1 dBFS).
    case samplePeak = "sample-peak"
    /// The signal between samples too, 4× oversampled (`true_peak`).
    case truePeak = "true-peak"
  }

  public var detection: Detection
  /// The ceiling in dBFS (sample peak) or dBTP (true peak).
  public var ceilingDecibels: Double

  public init(detection: Detection, ceilingDecibels: Double) {
    self.detection = detection
    self.ceilingDecibels = ceilingDecibels
  }
}

/// `output.audio.loudness`: the integrated loudness the mix is brought to by one gain, which
/// only the render can know (it measures the mix first).
public struct LoudnessPlan: Codable, Sendable, Equatable {
  /// Integrated loudness per ITU-R BS.1770-4 with EBU R128 gating, LUFS.
  public var targetLUFS: Double
  /// The standard it was named by, if any (`ebu-r128`, `atsc-a85`, `streaming`).
  public var standard: String?

  public init(targetLUFS: Double, standard: String?) {
    self.targetLUFS = targetLUFS
    self.standard = standard
  }
}

/// One `duck:`: the owner's streams are lowered while any of `under` is audible.
public struct DuckPlan: Codable, Sendable, Equatable {
  /// The layer or track lowered.
  public var owner: String
  /// `layer` or `track`.
  public var ownerKind: String
  /// Where the `duck:` mapping is written.
  public var location: PlanLocation
  /// The owners whose sound drives it: only those with streams in the mix.
  public var under: [String]
  /// The gain while ducked, linear (> 0).
  public var depth: Double
  /// The same in decibels (≤ 0).
  public var depthDecibels: Double
  /// RMS level, linear, above which a window of `under` counts as audible.
  public var threshold: Double
  /// The same in dBFS.
  public var thresholdDecibels: Double
  /// RMS windows, in output samples (50 ms), aligned to output sample 0.
  public var windowSamples: Int64
  /// The ramp down, in output samples; it ends where an audible window starts.
  public var attackSamples: Int64
  /// The ramp up, in output samples; it starts where the last audible window ends.
  public var releaseSamples: Int64

  /// Each property as given.
  public init(
    owner: String, ownerKind: String, location: PlanLocation, under: [String], depth: Double,
    depthDecibels: Double, threshold: Double, thresholdDecibels: Double, windowSamples: Int64,
    attackSamples: Int64, releaseSamples: Int64
  ) {
    self.owner = owner
    self.ownerKind = ownerKind
    self.location = location
    self.under = under
    self.depth = depth
    self.depthDecibels = depthDecibels
    self.threshold = threshold
    self.thresholdDecibels = thresholdDecibels
    self.windowSamples = windowSamples
    self.attackSamples = attackSamples
    self.releaseSamples = releaseSamples
  }
}

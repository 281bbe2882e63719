import Foundation
import Media

/// Loudness per ITU-R BS.1770-4 with EBU R128's gating, loudness range per EBU Tech 3342, and
/// the true peak, of float samples fed in order: what `chromake loudness` reports.
///
/// Memory is one number per 100 ms, so an hour is about 36,000 numbers.
public struct LoudnessMeter {
  /// Samples per second.
  public let sampleRate: Int
  /// Where each channel plays, in the order fed.
  public let positions: [ChannelPosition]
  /// How many channels are fed.
  public var channels: Int { positions.count }
  private let weights: [Double]
  private var filters: [KWeighting]
  private var peaks: [TruePeak]
  /// The weighted sum of squares of each finished 100 ms step, and the step's length.
  private var steps: [(energy: Double, count: Int)] = []
  private var stepEnergy = 0.0
  private var stepCount = 0
  /// Samples per channel fed so far.
  private var fed = 0

  /// A meter for channels at `positions`, in the order they are fed, each weighted by its
  /// place (`weight(of:)`).
  public init(sampleRate: Int, positions: [ChannelPosition]) {
    precondition(sampleRate > 0 && !positions.isEmpty, "a meter needs a rate and channels")
    self.sampleRate = sampleRate
    self.positions = positions
    weights = positions.map(Self.weight)
    filters = [KWeighting](repeating: KWeighting(sampleRate: sampleRate), count: positions.count)
    peaks = [TruePeak](repeating: TruePeak(), count: positions.count)
  }

  /// A meter for `channels` channels in FFmpeg's default layout for their count (1 mono,
  /// 2 stereo, 6 is 5.1 with its LFE fourth), the layouts the render mixes and encodes.
  public init(sampleRate: Int, channels: Int) {
    self.init(sampleRate: sampleRate, positions: ChannelPosition.standardLayout(channels: channels))
  }

  /// A channel's weight per ITU-R BS.1770-4: the front channels 1.0; the surrounds (side,
  /// back and top back channels, and the surround-direct pair: those FFmpeg's `ebur128`
  /// weights so) 1.41, +1.5 dB; the LFE channels 0, left out. A channel whose place is unknown
  /// (a file that only counts its channels) is weighted 1.0, as a front channel: without a
  /// layout, no channel is taken for an LFE and dropped.
  public static func weight(of position: ChannelPosition) -> Double {
    switch position {
    case .lowFrequency, .lowFrequency2:
      0
    case .backLeft, .backRight, .backCenter, .sideLeft, .sideRight, .topBackLeft, .topBackCenter,
      .topBackRight, .surroundDirectLeft, .surroundDirectRight:
      1.41
    default:
      1
    }
  }

  /// Feeds `count` samples of each channel, `planes[c]` holding channel c.
  public mutating func add(_ planes: [UnsafeBufferPointer<Float>], count: Int) {
    precondition(planes.count == channels && planes.allSatisfy { $0.count >= count })
    var done = 0
    while done < count {
      // Steps end on the 100 ms grid of the stream's own time, even at rates that do not
      // divide by ten (11025 Hz): step k ends once ⌈(k + 1) × rate / 10⌉ samples are fed.
      let stepEnd = ((steps.count + 1) * sampleRate + 9) / 10
      let length = min(count - done, stepEnd - fed)
      // Channel by channel over the run, which lies within one step.
      for c in 0..<channels {
        let run = UnsafeBufferPointer(rebasing: planes[c][done..<(done + length)])
        stepEnergy += weights[c] * filters[c].sumOfSquares(run)
        peaks[c].add(run)
      }
      stepCount += length
      fed += length
      done += length
      if fed == stepEnd {
        steps.append((stepEnergy, stepCount))
        stepEnergy = 0
        stepCount = 0
      }
    }
  }

  /// What the samples fed so far measure.
  public var result: LoudnessResult {
    let momentary = windows(of: 4)
    let integrated = Self.gated(momentary).map(Self.loudness)
    // Tech 3342: the 3 s windows above −70 LUFS, then above 20 LU under their mean; the range
    // is the spread from the 10th to the 95th percentile of what is left.
    var range: Double?
    let shortTerm = windows(of: 30).filter { Self.loudness($0) > -70 }
    if !shortTerm.isEmpty {
      let gate = Self.loudness(shortTerm.reduce(0, +) / Double(shortTerm.count)) - 20
      let kept = shortTerm.map(Self.loudness).filter { $0 > gate }.sorted()
      if !kept.isEmpty {
        range = Self.percentile(kept, 0.95) - Self.percentile(kept, 0.10)
      }
    }
    let peak = peaks.map(\.peak).max() ?? 0
    // The readers turn NaN and infinite samples into silence and Double holds the energy of
    // any finite Float, so nothing here is infinite; should that ever change, a value that is
    // not a number is no value, never "inf" in a report or in JSON.
    func finite(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? $0 : nil } }
    return LoudnessResult(
      integrated: finite(integrated), range: finite(range),
      truePeak: finite(peak > 0 ? 20 * log10(peak) : nil),
      seconds: Double(fed) / Double(sampleRate))
  }

  /// The mean energy of every window of `length` steps, hopping one step (100 ms): 400 ms
  /// blocks overlapping by 75 % for `length` 4, 3 s short-term windows for 30.
  private func windows(of length: Int) -> [Double] {
    guard steps.count >= length else { return [] }
    return (0...(steps.count - length)).map { start in
      let window = steps[start..<(start + length)]
      let count = window.reduce(0) { $0 + $1.count }
      return window.reduce(0) { $0 + $1.energy } / Double(max(count, 1))
    }
  }

  /// The mean energy of the 400 ms blocks above −70 LUFS and above the relative gate, 10 LU
  /// under the mean of those above −70; nil when none passes (silence).
  private static func gated(_ energies: [Double]) -> Double? {
    let absolute = energies.filter { loudness($0) > -70 }
    guard !absolute.isEmpty else { return nil }
    let threshold = loudness(absolute.reduce(0, +) / Double(absolute.count)) - 10
    let kept = absolute.filter { loudness($0) > threshold }
    guard !kept.isEmpty else { return nil }
    return kept.reduce(0, +) / Double(kept.count)
  }

  /// LUFS of a mean weighted energy.
  private static func loudness(_ energy: Double) -> Double {
    energy > 0 ? -0.691 + 10 * log10(energy) : -.infinity
  }

  /// The value at fraction `p` of a sorted list, interpolating between neighbours.
  private static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    let position = p * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
  }
}

/// A measurement.
public struct LoudnessResult: Sendable, Equatable {
  /// Integrated loudness in LUFS; nil when no block passes the gates (silence). Every value is
  /// finite or nil.
  public var integrated: Double?
  /// Loudness range in LU (EBU Tech 3342); nil when too short or silent.
  public var range: Double?
  /// The true peak in dBTP; nil for digital silence.
  public var truePeak: Double?
  /// How long the measured audio is.
  public var seconds: Double
}

import Foundation
import RenderPlan

/// A look-ahead limiter linked across channels, whose ceiling holds either the sample values
/// (`output.audio.limiter`, −1 dBFS) or the true peaks between them (`true_peak`: each channel
/// is interpolated at four times its rate, as BS.1770's meter does, and the largest point
/// counts).
///
/// It is a delay line of `lookAhead` frames: each frame fed in pushes out the frame fed
/// `lookAhead` frames earlier (silence while the line fills), scaled by one gain shared by all
/// channels. Knowing the frames ahead, the gain ramps down linearly so that it reaches
/// `ceiling / peak` exactly on a frame whose peak is over the ceiling, then recovers
/// exponentially and snaps to exactly 1. While the gain is 1 a frame is copied, not
/// multiplied, so a mix that stays under the ceiling passes bit for bit.
///
/// True peaks are known `TruePeak.delay` frames late (the interpolator's own delay), so their
/// ramps are that much shorter. The mixer hides the line's delay by mixing `lookAhead` frames
/// ahead of what it hands out.
final class PeakLimiter {
  /// How far ahead the gain sees.
  static let lookAheadSeconds = 0.005
  /// Time constant of the exponential recovery.
  static let releaseSeconds = 0.05
  /// A gain this close to 1 is 1.
  static let snapDistance = 1e-5

  /// Frames of delay.
  let lookAhead: Int
  let channels: Int
  /// The ceiling, linear.
  let ceiling: Double
  /// Frames between a frame entering and its peak being known.
  private let detectionDelay: Int
  /// Frames a ramp down lasts.
  private let span: Int
  /// Per-channel interpolators, for true peaks.
  private var interpolators: [TruePeak]
  /// The per-frame factor on the distance from a gain of 1 during recovery.
  private let releaseFactor: Double
  private let ceilingSample: Float
  /// `lookAhead + 1` frames, frame-major: the frame leaving now and those after it.
  private var line: [Float]
  /// Frames fed so far; frame `j` lives in slot `j % (lookAhead + 1)`.
  private var fed: Int64 = 0
  /// Frames in the line whose peak is over the ceiling, oldest first, with the gain each needs.
  private var overs: [(frame: Int64, gain: Double)] = []
  private var oversStart = 0
  /// The gain of the last frame that left.
  private(set) var gain = 1.0

  init(sampleRate: Int, channels: Int, plan: LimiterPlan) {
    self.channels = channels
    ceiling = pow(10, plan.ceilingDecibels / 20)
    ceilingSample = Float(ceiling)
    lookAhead = max(
      TruePeak.delay + 1, Int((Double(sampleRate) * PeakLimiter.lookAheadSeconds).rounded()))
    detectionDelay = plan.detection == .truePeak ? TruePeak.delay : 0
    span = lookAhead - detectionDelay
    interpolators = plan.detection == .truePeak ? Array(repeating: TruePeak(), count: channels) : []
    releaseFactor = exp(-1 / (Double(sampleRate) * PeakLimiter.releaseSeconds))
    line = [Float](repeating: 0, count: (lookAhead + 1) * channels)
  }

  /// Feeds `count` frames from `buffers` (one per channel) and replaces them with the frames
  /// that leave the delay line, limited.
  func process(_ buffers: [UnsafeMutableBufferPointer<Float>], count: Int) {
    precondition(buffers.count == channels, "limiter fed the wrong number of channels")
    let slots = lookAhead + 1
    for t in 0..<count {
      let slotIn = Int(fed % Int64(slots))
      for c in 0..<channels { line[slotIn * channels + c] = buffers[c][t] }
      // Every frame feeds the interpolators, so their history is whole from the first one.
      var between = 0.0
      for c in 0..<interpolators.count {
        between = max(between, interpolators[c].add(Double(line[slotIn * channels + c])))
      }
      let detected = fed - Int64(detectionDelay)
      if detected >= 0 {
        let peak = max(between, samplePeak(ofFrame: detected))
        if peak > ceiling { overs.append((detected, ceiling / peak)) }
      }
      let leaving = fed - Int64(lookAhead)
      fed += 1
      let g = nextGain(leaving: leaving)
      let slotOut = Int(fed % Int64(slots))
      for c in 0..<channels {
        let x = line[slotOut * channels + c]
        buffers[c][t] = g == 1 ? x : clamp(Float(Double(x) * g))
      }
    }
  }

  /// The largest sample of frame `frame` over all channels (the interpolated points around it
  /// are found as the frames `TruePeak.delay` later are fed).
  private func samplePeak(ofFrame frame: Int64) -> Double {
    let slot = Int(frame % Int64(lookAhead + 1))
    var peak = 0.0
    for c in 0..<channels {
      peak = max(peak, abs(Double(line[slot * channels + c])))
    }
    return peak
  }

  /// The gain for frame `leaving`: the lowest of every ramp toward a peak ahead and the
  /// recovery from the previous gain.
  private func nextGain(leaving: Int64) -> Double {
    while oversStart < overs.count && overs[oversStart].frame < leaving { oversStart += 1 }
    if oversStart > 256 && oversStart * 2 > overs.count {
      overs.removeFirst(oversStart)
      oversStart = 0
    }
    var target = 1.0
    let span = Double(self.span)
    for index in oversStart..<overs.count {
      let over = overs[index]
      let distance = Double(over.frame - leaving)
      target = min(target, 1 - (1 - over.gain) * max(0, span - distance) / span)
    }
    var recovered = 1.0
    if gain < 1 {
      recovered = 1 - (1 - gain) * releaseFactor
      if 1 - recovered < PeakLimiter.snapDistance { recovered = 1 }
    }
    gain = min(target, recovered)
    return gain
  }

  /// Rounding to `Float` may land a hair over the ceiling; it never goes past it.
  private func clamp(_ y: Float) -> Float {
    min(max(y, -ceilingSample), ceilingSample)
  }
}

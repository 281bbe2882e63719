import Foundation

/// A look-ahead peak limiter whose ceiling is −1 dBFS, linked across channels.
///
/// It is a delay line of `lookAhead` frames: each frame fed in pushes out the frame fed
/// `lookAhead` frames earlier (silence while the line fills), scaled by one gain shared by all
/// channels. Knowing `lookAhead` frames of the future, the gain ramps down linearly over that
/// span so that it reaches `ceiling / peak` exactly on a frame whose peak is over the ceiling,
/// then recovers exponentially and snaps to exactly 1. While the gain is 1 a frame is copied,
/// not multiplied, so a mix that stays under the ceiling passes bit for bit.
///
/// The mixer hides the delay by mixing `lookAhead` frames ahead of what it hands out.
final class PeakLimiter {
  /// −1 dBFS as a linear factor.
  static let ceiling = pow(10, -1.0 / 20)
  /// How far ahead the gain sees and how long a ramp down lasts.
  static let lookAheadSeconds = 0.005
  /// Time constant of the exponential recovery.
  static let releaseSeconds = 0.05
  /// A gain this close to 1 is 1.
  static let snapDistance = 1e-5

  /// Frames of delay, and of ramp down.
  let lookAhead: Int
  let channels: Int
  /// The per-frame factor on the distance from a gain of 1 during recovery.
  private let releaseFactor: Double
  private let ceilingSample = Float(PeakLimiter.ceiling)
  /// `lookAhead + 1` frames, frame-major: the frame leaving now and those after it.
  private var line: [Float]
  /// Frames fed so far; frame `j` lives in slot `j % (lookAhead + 1)`.
  private var fed: Int64 = 0
  /// Frames in the line whose peak is over the ceiling, oldest first, with the gain each needs.
  private var overs: [(frame: Int64, gain: Double)] = []
  private var oversStart = 0
  /// The gain of the last frame that left.
  private(set) var gain = 1.0

  init(sampleRate: Int, channels: Int) {
    self.channels = channels
    lookAhead = max(1, Int((Double(sampleRate) * PeakLimiter.lookAheadSeconds).rounded()))
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
      var peak: Float = 0
      for c in 0..<channels {
        let x = buffers[c][t]
        line[slotIn * channels + c] = x
        peak = max(peak, abs(x))
      }
      if Double(peak) > PeakLimiter.ceiling {
        overs.append((fed, PeakLimiter.ceiling / Double(peak)))
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

  /// The gain for frame `leaving`: the lowest of every ramp toward a peak ahead and the
  /// recovery from the previous gain.
  private func nextGain(leaving: Int64) -> Double {
    while oversStart < overs.count && overs[oversStart].frame < leaving { oversStart += 1 }
    if oversStart > 256 && oversStart * 2 > overs.count {
      overs.removeFirst(oversStart)
      oversStart = 0
    }
    var target = 1.0
    let span = Double(lookAhead)
    for index in oversStart..<overs.count {
      let over = overs[index]
      let distance = Double(over.frame - leaving)
      target = min(target, 1 - (1 - over.gain) * (span - distance) / span)
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

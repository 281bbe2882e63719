import Foundation

/// The true (inter-sample) peak of one channel per ITU-R BS.1770-4 Annex 2: the signal
/// interpolated at four times its rate by a windowed-sinc low pass, and the largest magnitude
/// among the samples and the points between them.
struct TruePeak {
  /// Taps per phase: 4 phases of 16 taps, a longer filter than the Annex's example (12 per
  /// phase), for a smaller error near the band's edge.
  static let tapsPerPhase = 16
  static let phases = 4
  /// `phases` polyphase filters of `tapsPerPhase` taps, made once, one after another in one
  /// array (phase p's taps at `p × tapsPerPhase`), so the inner loop reads one buffer.
  static let filters: [Double] = {
    let length = tapsPerPhase * phases
    let centre = Double(length - 1) / 2
    var taps = (0..<length).map { n -> Double in
      let x = (Double(n) - centre) / Double(phases)
      let sinc = x == 0 ? 1 : sin(.pi * x) / (.pi * x)
      // Blackman window.
      let w = 2 * .pi * Double(n) / Double(length - 1)
      return sinc * (0.42 - 0.5 * cos(w) + 0.08 * cos(2 * w))
    }
    // Each phase passes a constant unchanged.
    for phase in 0..<phases {
      let sum = stride(from: phase, to: length, by: phases).map { taps[$0] }.reduce(0, +)
      for n in stride(from: phase, to: length, by: phases) { taps[n] /= sum }
    }
    return (0..<phases).flatMap { phase in
      stride(from: phase, to: length, by: phases).map { taps[$0] }
    }
  }()

  /// The filters by tap: the four phases' taps `tap` side by side, so one step is 16 vector
  /// multiply-adds, each lane summing its phase in the same order as one phase at a time.
  static let tapColumns: [SIMD4<Double>] = {
    precondition(phases == 4, "a column holds four phases")
    return (0..<tapsPerPhase).map { tap in
      SIMD4((0..<phases).map { filters[$0 * tapsPerPhase + tap] })
    }
  }()

  /// The last `tapsPerPhase` samples, written twice over (at `position` and `position +
  /// tapsPerPhase`) so that they always lie in order in one run of the buffer.
  private var history = [Double](repeating: 0, count: 2 * tapsPerPhase)
  private var position = 0
  /// The largest magnitude so far, linear.
  private(set) var peak = 0.0

  /// Input samples between a sample fed and the interpolated points its step yields: the
  /// filter's centre lies 7.875 samples back, so the points fall between the samples fed
  /// `delay` and `delay − 1` steps earlier.
  static let delay = 8

  /// Feeds one sample and returns the largest magnitude among it and the points this step
  /// interpolates (which lie `delay` samples back).
  @discardableResult
  mutating func add(_ x: Double) -> Double {
    var position = self.position
    let largest = Self.tapColumns.withUnsafeBufferPointer { columns in
      history.withUnsafeMutableBufferPointer { history in
        Self.step(x, columns, history, &position)
      }
    }
    self.position = position
    peak = max(peak, largest)
    return largest
  }

  /// Feeds every sample of `samples`: the same as adding them one by one, with the buffers
  /// looked up once.
  mutating func add(_ samples: UnsafeBufferPointer<Float>) {
    var position = self.position
    let largest = Self.tapColumns.withUnsafeBufferPointer { columns in
      history.withUnsafeMutableBufferPointer { history in
        var largest = 0.0
        for x in samples {
          largest = max(largest, Self.step(Double(x), columns, history, &position))
        }
        return largest
      }
    }
    self.position = position
    peak = max(peak, largest)
  }

  /// Writes `x` into `history` at `position`, moves `position` on, and returns the largest
  /// magnitude among `x` and the points interpolated from the history.
  private static func step(
    _ x: Double, _ columns: UnsafeBufferPointer<SIMD4<Double>>,
    _ history: UnsafeMutableBufferPointer<Double>, _ position: inout Int
  ) -> Double {
    let taps = tapsPerPhase
    history[position] = x
    history[position + taps] = x
    position = (position + 1) % taps
    // history[position ..< position + taps] runs from the oldest sample to the newest.
    var sums = SIMD4<Double>(repeating: 0)
    for tap in 0..<taps { sums += columns[tap] * history[position + tap] }
    // Lane by lane: the generic `SIMD.max()` is not inlined.
    return max(max(abs(x), abs(sums.x)), max(abs(sums.y), max(abs(sums.z), abs(sums.w))))
  }
}

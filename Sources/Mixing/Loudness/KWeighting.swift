import Foundation

/// ITU-R BS.1770-4's K-weighting for one channel: a high shelf (+4 dB above about 1.7 kHz, the
/// head's effect) and a high pass (the RLB curve, below about 38 Hz), as two biquads. The
/// standard gives the coefficients at 48 kHz only; these are the analog prototypes they come
/// from, mapped by the bilinear transform at any rate, so at 48 kHz they are the published
/// ones.
struct KWeighting {
  private var shelf: Biquad
  private var highPass: Biquad

  init(sampleRate: Int) {
    let rate = Double(sampleRate)
    // Stage 1: the high shelf.
    do {
      let frequency = 1681.974450955533
      let gain = 3.999843853973347
      let q = 0.7071752369554196
      let k = tan(.pi * frequency / rate)
      let vh = pow(10, gain / 20)
      let vb = pow(vh, 0.4996667741545416)
      let a0 = 1 + k / q + k * k
      shelf = Biquad(
        b0: (vh + vb * k / q + k * k) / a0, b1: 2 * (k * k - vh) / a0,
        b2: (vh - vb * k / q + k * k) / a0, a1: 2 * (k * k - 1) / a0,
        a2: (1 - k / q + k * k) / a0)
    }
    // Stage 2: the high pass.
    do {
      let frequency = 38.13547087602444
      let q = 0.5003270373238773
      let k = tan(.pi * frequency / rate)
      let a0 = 1 + k / q + k * k
      highPass = Biquad(
        b0: 1, b1: -2, b2: 1, a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
    }
  }

  /// The next weighted sample.
  mutating func next(_ x: Double) -> Double {
    highPass.next(shelf.next(x))
  }

  /// Weights every sample of `samples` in order and returns the sum of their squares.
  mutating func sumOfSquares(_ samples: UnsafeBufferPointer<Float>) -> Double {
    var sum = 0.0
    for x in samples {
      let y = next(Double(x))
      sum += y * y
    }
    return sum
  }
}

/// A second-order IIR filter in direct form II transposed.
struct Biquad {
  let b0, b1, b2, a1, a2: Double
  private var z1 = 0.0
  private var z2 = 0.0

  init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
    (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0, b1, b2, a1, a2)
  }

  mutating func next(_ x: Double) -> Double {
    let y = b0 * x + z1
    z1 = b1 * x - a1 * y + z2
    z2 = b2 * x - a2 * y
    return y
  }
}

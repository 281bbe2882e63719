import Foundation
import RenderPlan
import Testing

@testable import Mixing

@Suite struct PeakLimiterTests {
  private static let ceiling = Float(pow(10, -1.0 / 20))

  /// A 440 Hz sine at `decibels` dBFS in both channels, from output sample 0.
  private func sine(decibels: Double, samples: Int64, limiter: Bool) throws -> [[Float]] {
    let amplitude = pow(10, decibels / 20)
    let format = try AudioTest.format(channels: 2, limiter: limiter, samples: samples)
    let mixer = AudioMixer(streams: [try AudioTest.stream(first: 0, end: samples)], format: format)
    { _, from in
      SyntheticSamples(from: from) { i, _ in Self.sineValue(i, amplitude: amplitude) }
    }
    return try AudioTest.render(mixer, total: Int(samples), chunk: 1000)
  }

  private static func sineValue(_ i: Int64, amplitude: Double) -> Float {
    Float(amplitude * sin(2 * Double.pi * 440 * Double(i) / Double(AudioTest.rate)))
  }

  @Test func aMixUnderTheCeilingPassesBitForBit() throws {
    let limited = try sine(decibels: -6, samples: 48_000, limiter: true)
    let plain = try sine(decibels: -6, samples: 48_000, limiter: false)
    #expect(limited.map { $0.map(\.bitPattern) } == plain.map { $0.map(\.bitPattern) })
  }

  @Test func aLoudSineIsHeldAtTheCeilingWithoutLatency() throws {
    let amplitude = pow(10, 6.0 / 20)
    let out = try sine(decibels: 6, samples: 48_000, limiter: true)
    for channel in out {
      #expect(channel.allSatisfy { abs($0) <= Self.ceiling + 1e-6 })
      // After the attack every cycle's peak comes within 0.5 dB of the ceiling.
      let period = 48_000 / 440 + 1
      for start in stride(from: 2400, to: 48_000 - period, by: period) {
        let peak = channel[start..<start + period].map { abs($0) }.max()!
        #expect(peak >= Self.ceiling * Float(pow(10, -0.5 / 20)))
      }
      // The gain is positive and at most 1 on every sample, so every sample keeps the sign of
      // the input at the same index: the zero crossings have not moved. Past the first samples
      // (where the ramp toward the first peak began before the mix did) the gain moves smoothly.
      var previous: Double?
      for (n, y) in channel.enumerated() {
        let x = Self.sineValue(Int64(n), amplitude: amplitude)
        if x == 0 {
          #expect(y == 0)
          continue
        }
        let gain = Double(y) / Double(x)
        #expect(gain > 0 && gain <= 1)
        if abs(x) > 0.1 {
          if let previous { #expect(abs(gain - previous) < 0.01) }
          previous = gain
        }
      }
    }
  }

  @Test func anImpulseIsLimitedOnItsSampleAndTheGainReturnsToOne() {
    let limiter = PeakLimiter(
      sampleRate: AudioTest.rate, channels: 1,
      plan: LimiterPlan(detection: .samplePeak, ceilingDecibels: -1))
    let count = AudioTest.rate
    let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
    defer { buffer.deallocate() }
    buffer.update(repeating: 0.5)
    buffer[1000] = 2
    limiter.process([buffer], count: count)
    let delay = limiter.lookAhead
    #expect(buffer[0..<delay].allSatisfy { $0 == 0 })
    #expect(abs(buffer[1000 + delay] - Self.ceiling) <= 1e-6)
    // The ramp down starts a look-ahead before the impulse.
    #expect(buffer[1000] == 0.5)
    #expect(buffer[1001 + delay - delay / 2] < 0.5)
    #expect(limiter.gain == 1)
    #expect(buffer[count - 1] == 0.5)
  }

  /// A sine at a quarter of the rate, 45° out of phase with the samples: every sample sits at
  /// 1/√2 of the wave's crest, which lies between samples. A sample-peak limiter cannot see it.
  private func quarterRateSine(amplitude: Double, count: Int, detection: LimiterPlan.Detection)
    -> [Float]
  {
    let limiter = PeakLimiter(
      sampleRate: AudioTest.rate, channels: 1,
      plan: LimiterPlan(detection: detection, ceilingDecibels: -1))
    let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
    defer { buffer.deallocate() }
    for n in 0..<count {
      buffer[n] = Float(amplitude * sin(Double.pi / 2 * Double(n) + Double.pi / 4))
    }
    limiter.process([buffer], count: count)
    return Array(buffer)
  }

  @Test func aTruePeakLimiterHoldsTheCrestBetweenSamplesAtTheCeiling() {
    // The crest is at 0 dBTP, the samples at −3 dBFS: under the sample ceiling, over the true one.
    let samples = quarterRateSine(amplitude: 1, count: 9600, detection: .samplePeak)
    let truePeak = quarterRateSine(amplitude: 1, count: 9600, detection: .truePeak)
    let steady = 4800..<9600
    let sampleLevel = samples[steady].map { abs(Double($0)) }.max()!
    let limitedLevel = truePeak[steady].map { abs(Double($0)) }.max()!
    #expect(abs(20 * log10(sampleLevel) - -3.01) < 0.01, "sample-peak limiter left it alone")
    // The crest, √2 × the samples, now sits at −1 dBTP. Four times oversampled, as BS.1770
    // specifies, the points nearest this crest lie 1/8 sample from it (the interpolating
    // filter's centre falls between its taps), which reads a 12 kHz crest 0.17 dB low: so the
    // crest lands at most that far over.
    let crest = 20 * log10(limitedLevel * 2.0.squareRoot())
    #expect(crest <= -1 + 0.18 && crest >= -1 - 0.05, "crest at \(crest) dBTP")
  }

  @Test func aTruePeakLimiterLeavesAQuietSineBitForBit() {
    let quiet = quarterRateSine(amplitude: 0.5, count: 4800, detection: .truePeak)
    let limiter = PeakLimiter(
      sampleRate: AudioTest.rate, channels: 1,
      plan: LimiterPlan(detection: .truePeak, ceilingDecibels: -1))
    let delay = limiter.lookAhead
    for n in delay..<4800 {
      let x = Float(0.5 * sin(Double.pi / 2 * Double(n - delay) + Double.pi / 4))
      #expect(quiet[n].bitPattern == x.bitPattern)
    }
  }
}

import Foundation
import TestSupport
import Testing

@testable import Mixing

/// The meter against ITU-R BS.1770-4's published test signals and EBU R128's gating.
@Suite("Loudness meter: BS.1770-4 K-weighting, gating and true peak")
struct LoudnessMeterTests {
  /// `seconds` of a sine of `amplitude` at `frequency` Hz, with `phase` radians, on each of
  /// `channels` channels.
  static func measure(
    frequency: Double, amplitude: Double, phase: Double = 0, seconds: Double, rate: Int = 48000,
    channels: Int = 1, then quiet: Double? = nil
  ) -> LoudnessResult {
    var meter = LoudnessMeter(sampleRate: rate, channels: channels)
    let count = Int(seconds * Double(rate))
    var samples = (0..<count).map { n in
      Float(amplitude * sin(2 * .pi * frequency * Double(n) / Double(rate) + phase))
    }
    if let quiet {
      samples += (0..<count).map { n in
        Float(quiet * sin(2 * .pi * frequency * Double(n) / Double(rate)))
      }
    }
    samples.withUnsafeBufferPointer { plane in
      meter.add([UnsafeBufferPointer<Float>](repeating: plane, count: channels), count: plane.count)
    }
    return meter.result
  }

  @Test("a 997 Hz sine at -20 dBFS reads -23.0 LUFS on one channel and -20.0 on two", .tags(.slow))
  func publishedSine() throws {
    let mono = try #require(Self.measure(frequency: 997, amplitude: 0.1, seconds: 2).integrated)
    #expect(abs(mono - -23.0) < 0.05, "\(mono)")
    let stereo = try #require(
      Self.measure(frequency: 997, amplitude: 0.1, seconds: 2, channels: 2).integrated)
    #expect(abs(stereo - -20.0) < 0.05, "\(stereo)")
  }

  @Test("the K-weighting made for 44.1 kHz reads the same sine alike", .tags(.slow))
  func otherRate() throws {
    let value = try #require(
      Self.measure(frequency: 997, amplitude: 0.1, seconds: 2, rate: 44100).integrated)
    #expect(abs(value - -23.0) < 0.05, "\(value)")
  }

  @Test(
    "the relative gate leaves out a quiet part 40 dB down, keeping the blocks that straddle the step",
    .tags(.slow)
  )
  func relativeGate() throws {
    let value = try #require(
      Self.measure(frequency: 997, amplitude: 0.1, seconds: 3, then: 0.001).integrated)
    // 27 whole 400 ms blocks of the loud part, and the three that straddle the step (3/4, 1/2
    // and 1/4 loud) pass; the quiet blocks do not. Counting them would read about -26.1.
    let expected = -23.01 + 10 * log10((27 + 0.75 + 0.5 + 0.25) / 30)
    #expect(abs(value - expected) < 0.05, "\(value), expected \(expected)")
  }

  @Test("silence has no integrated loudness and no peak, instead of a division by zero")
  func silence() {
    let result = Self.measure(frequency: 997, amplitude: 0, seconds: 2)
    #expect(result.integrated == nil && result.truePeak == nil && result.range == nil)
  }

  @Test("a quarter-rate sine sampled 45° off its crests: samples peak 3 dB under the true peak")
  func truePeakBetweenSamples() throws {
    let result = Self.measure(frequency: 12000, amplitude: 0.5, phase: .pi / 4, seconds: 1)
    let peak = try #require(result.truePeak)
    #expect(abs(peak - 20 * log10(0.5)) < 0.2, "true peak \(peak) dBTP")
  }
}

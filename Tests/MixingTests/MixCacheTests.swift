import Foundation
import RenderPlan
import Testing

@testable import Mixing

@Suite struct MixCacheTests {
  /// Opens a synthetic source whose sample `i` of channel `c` is distinct, counting opens.
  private final class Opens {
    var count = 0
    func opener() -> AudioMixer.Open {
      { [self] _, from in
        count += 1
        return SyntheticSamples(from: from, length: .max) { i, c in
          Float(i % 977) / 1000 - Float(c) * 0.25
        }
      }
    }
  }

  @Test func aMixerReadingAWholeCacheMixesExactlyWhatDecodingDoesAndOpensNothing() throws {
    let samples: Int64 = 20_000
    let format = try AudioTest.format(channels: 2, limiter: true, samples: samples)
    let streams = [
      try AudioTest.stream(first: 300, end: 9_000, gain: 0.7, fadeIn: 500),
      try AudioTest.stream(first: 5_000, end: 19_500, sourceIn: 1_234, fadeOut: 800),
    ]
    var stage = AudioMixer.Stage.output(format)
    stage.gain = 1.6
    let cache = try #require(MixCache(channels: 2, frames: samples))
    let recording = Opens()
    let recorder = AudioMixer(
      streams: streams, format: format, stage: stage, cache: cache, open: recording.opener())
    let recorded = try AudioTest.render(recorder, total: Int(samples), chunk: 1_000)
    #expect(cache.isComplete)
    #expect(recording.count == 2)

    // Another pass, another gain and block size: what a later loudness pass does.
    stage.gain = 0.5
    let decoding = Opens()
    let decoded = try AudioTest.render(
      AudioMixer(streams: streams, format: format, stage: stage, open: decoding.opener()),
      total: Int(samples), chunk: 4_096)
    let reading = Opens()
    let read = try AudioTest.render(
      AudioMixer(
        streams: streams, format: format, stage: stage, cache: cache, open: reading.opener()),
      total: Int(samples), chunk: 4_096)
    #expect(reading.count == 0)
    #expect(read == decoded)
    #expect(read != recorded)
  }

  @Test func onlyARecordingFromTheStartInOrderCounts() throws {
    let cache = try #require(MixCache(channels: 1, frames: 8))
    var first: [Float] = [1, 2, 3, 4]
    var later: [Float] = [5, 6, 7, 8]
    first.withUnsafeMutableBufferPointer { cache.record([$0], at: 4, count: 4) }
    #expect(cache.recorded == 0)
    first.withUnsafeMutableBufferPointer { cache.record([$0], at: 0, count: 4) }
    later.withUnsafeMutableBufferPointer { cache.record([$0], at: 4, count: 4) }
    #expect(cache.isComplete)
    var back = [Float](repeating: 0, count: 6)
    try back.withUnsafeMutableBufferPointer { try cache.read(into: [$0], at: 2, count: 6) }
    #expect(back == [3, 4, 5, 6, 7, 8])
  }
}

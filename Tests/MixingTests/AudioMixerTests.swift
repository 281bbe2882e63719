import Foundation
import RenderPlan
import Testing

@testable import Mixing

/// Records every source the mixer opens.
private final class OpenLog {
  var calls: [Int64] = []
  var opened: [Weak] = []

  final class Weak {
    weak var source: SyntheticSamples?
    init(_ source: SyntheticSamples) { self.source = source }
  }

  func opener(
    length: Int64 = .max, value: @escaping (Int64, Int) -> Float
  ) -> AudioMixer.Open {
    { [self] _, from in
      calls.append(from)
      let source = SyntheticSamples(from: from, length: length, value: value)
      opened.append(Weak(source))
      return source
    }
  }
}

/// A ramp that names its source sample exactly: `i / 2^20`.
private func ramp(_ i: Int64, _: Int) -> Float { Float(i) / 1_048_576 }
private func rampIndex(_ value: Float) -> Int64 { Int64(value * 1_048_576) }

@Suite struct AudioMixerTests {
  private func mix(
    _ streams: [AudioStreamPlan], samples: Int64, channels: Int = 1, limiter: Bool = false,
    chunk: Int = 1024, open: @escaping AudioMixer.Open
  ) throws -> [[Float]] {
    let format = try AudioTest.format(channels: channels, limiter: limiter, samples: samples)
    let mixer = AudioMixer(streams: streams, format: format, open: open)
    return try AudioTest.render(mixer, total: Int(samples), chunk: chunk)
  }

  @Test func aStreamStartsAndEndsOnItsSamples() throws {
    let log = OpenLog()
    let out = try mix(
      [AudioTest.stream(first: 1000, end: 2000)], samples: 3000, channels: 2,
      open: log.opener { _, _ in 0.5 })
    for channel in out {
      #expect(channel.firstIndex { $0 != 0 } == 1000)
      #expect(channel.lastIndex { $0 != 0 } == 1999)
      #expect(channel[1000..<2000].allSatisfy { $0 == 0.5 })
    }
    #expect(log.calls == [0])
  }

  @Test func trimsReadTheRightSourceSamples() throws {
    let log = OpenLog()
    let out = try mix(
      [AudioTest.stream(first: 100, end: 600, sourceIn: 2000, sourceOut: 2300)], samples: 700,
      open: log.opener(value: ramp))[0]
    #expect(log.calls == [2000])
    for n in 100..<400 { #expect(rampIndex(out[n]) == 2000 + Int64(n - 100)) }
    #expect(out[0..<100].allSatisfy { $0 == 0 })
    #expect(out[400...].allSatisfy { $0 == 0 })
  }

  @Test func aSourceThatEndsEarlyLeavesSilence() throws {
    let log = OpenLog()
    let out = try mix(
      [AudioTest.stream(first: 100, end: 600, sourceIn: 2000)], samples: 700,
      open: log.opener(length: 2200, value: ramp))[0]
    for n in 100..<300 { #expect(rampIndex(out[n]) == 2000 + Int64(n - 100)) }
    #expect(out[300...].allSatisfy { $0 == 0 })
  }

  @Test func aLoopWrapsAtItsEnd() throws {
    let log = OpenLog()
    let out = try mix(
      [AudioTest.stream(first: 50, end: 1050, sourceIn: 1000, sourceOut: 1300, loop: true)],
      samples: 1100, chunk: 128, open: log.opener(value: ramp))[0]
    for n in 50..<1050 {
      #expect(rampIndex(out[n]) == 1000 + Int64(n - 50) % 300)
    }
    #expect(log.calls == [1000, 1000, 1000, 1000])
    #expect(out[1050...].allSatisfy { $0 == 0 })
  }

  @Test func aShortLoopingSourceIsSilentUntilTheLoopEnd() throws {
    let log = OpenLog()
    let out = try mix(
      [AudioTest.stream(first: 0, end: 600, sourceIn: 0, sourceOut: 300, loop: true)],
      samples: 600, open: log.opener(length: 200) { _, _ in 0.25 })[0]
    #expect(out[0..<200].allSatisfy { $0 == 0.25 })
    #expect(out[200..<300].allSatisfy { $0 == 0 })
    #expect(out[300..<500].allSatisfy { $0 == 0.25 })
    #expect(out[500..<600].allSatisfy { $0 == 0 })
  }

  @Test func gainsMultiplyAndStreamsSumWithoutNormalising() throws {
    let log = OpenLog()
    let open = log.opener { _, _ in 0.5 }
    let halved = try mix(
      [AudioTest.stream(first: 0, end: 100, gain: 0.5)], samples: 100, open: open)
    #expect(halved[0].allSatisfy { $0 == 0.25 })

    let values: [String: Float] = ["a": 0.4, "b": 0.3]
    var a = try AudioTest.stream(first: 0, end: 100)
    a.owner = "a"
    var b = try AudioTest.stream(first: 50, end: 100)
    b.owner = "b"
    let sum = try mix([a, b], samples: 100) { plan, from in
      SyntheticSamples(from: from) { _, _ in values[plan.owner]! }
    }[0]
    #expect(sum[0..<50].allSatisfy { $0 == 0.4 })
    #expect(sum[50..<100].allSatisfy { $0 == Float(0.4) + Float(0.3) })
  }

  @Test func fadesAreLinear() throws {
    let log = OpenLog()
    let out = try mix(
      [AudioTest.stream(first: 100, end: 1100, fadeIn: 100, fadeOut: 200)], samples: 1200,
      open: log.opener { _, _ in 0.5 })[0]
    #expect(out[100] == 0)
    #expect(abs(out[150] - 0.25) < 1e-7)
    #expect(out[199] > 0.49 && out[199] < 0.5)
    #expect(out[200..<900].allSatisfy { $0 == 0.5 })
    #expect(abs(out[1000] - 0.25) < 1e-7)
    #expect(abs(out[1099] - 0.5 / 200) < 1e-7)
    #expect(out[1100] == 0)
  }

  @Test func overlappingFadesMultiply() throws {
    let log = OpenLog()
    let out = try mix(
      [AudioTest.stream(first: 100, end: 1100, fadeIn: 600, fadeOut: 600)], samples: 1200,
      open: log.opener { _, _ in 0.5 })[0]
    let expected = 0.5 * (500.0 / 600) * (500.0 / 600)
    #expect(abs(Double(out[600]) - expected) < 1e-6)
  }

  @Test func sourcesOpenWhenReachedAndCloseAfterTheEnd() throws {
    let log = OpenLog()
    let format = try AudioTest.format(samples: 10_000)
    let mixer = AudioMixer(
      streams: [try AudioTest.stream(first: 5000, end: 6000)], format: format,
      open: log.opener { _, _ in 0.5 })
    _ = try AudioTest.render(mixer, total: 5000, chunk: 1000)
    #expect(log.calls.isEmpty)
    _ = try AudioTest.render(mixer, total: 1, chunk: 1)
    #expect(log.calls == [0])
    #expect(log.opened.first?.source != nil)
    _ = try AudioTest.render(mixer, total: 999, chunk: 1000)
    #expect(log.opened.first?.source == nil)
    _ = try AudioTest.render(mixer, total: 4000, chunk: 1000)
    #expect(log.calls == [0])
  }

  @Test func withoutTheLimiterTheMixClipsAndCounts() throws {
    let log = OpenLog()
    let out = try mix(
      [AudioTest.stream(first: 0, end: 100), AudioTest.stream(first: 0, end: 50)],
      samples: 100, channels: 2,
      open: log.opener { _, c in c == 0 ? 0.8 : -0.8 })
    #expect(out[0][0..<50].allSatisfy { $0 == 1 })
    #expect(out[1][0..<50].allSatisfy { $0 == -1 })
    #expect(out[0][50...].allSatisfy { $0 == 0.8 })

    let format = try AudioTest.format(channels: 2, samples: 100)
    let streams = [
      try AudioTest.stream(first: 0, end: 100), try AudioTest.stream(first: 0, end: 50),
    ]
    let mixer = AudioMixer(
      streams: streams, format: format, open: log.opener { _, _ in 0.8 })
    _ = try AudioTest.render(mixer, total: 100, chunk: 100)
    #expect(mixer.clippedSamples == 100)
  }

  @Test func nothingPlaysPastTheTimeline() throws {
    let log = OpenLog()
    let out = try mix(
      [AudioTest.stream(first: 0, end: 2000)], samples: 1000,
      open: log.opener { _, _ in 0.5 })
    #expect(out[0].count == 1000)
    #expect(out[0].allSatisfy { $0 == 0.5 })
  }

  @Test(arguments: [false, true])
  func chunkSizeDoesNotChangeTheOutput(limiter: Bool) throws {
    let streams = [
      try AudioTest.stream(first: 0, end: 9000, gain: 1.6, fadeIn: 300, fadeOut: 500),
      try AudioTest.stream(
        first: 1234, end: 9999, sourceIn: 100, sourceOut: 1100, loop: true, gain: 0.7,
        fadeIn: 50),
      try AudioTest.stream(first: 4000, end: 20_000, sourceIn: 7, sourceOut: 5000),
    ]
    func render(chunk: Int) throws -> [[Float]] {
      let log = OpenLog()
      return try mix(
        streams, samples: 10_000, channels: 2, limiter: limiter, chunk: chunk,
        open: log.opener { i, c in Float(sin(Double(i) * (c == 0 ? 0.05 : 0.031))) * 0.6 })
    }
    let whole = try render(chunk: 10_000)
    for chunk in [1024, 777, 1] {
      let chunked = try render(chunk: chunk)
      #expect(chunked.map { $0.map(\.bitPattern) } == whole.map { $0.map(\.bitPattern) })
    }
  }
}

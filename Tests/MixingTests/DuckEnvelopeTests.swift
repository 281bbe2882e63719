import Foundation
import RenderPlan
import Testing

@testable import Mixing

@Suite struct DuckEnvelopeTests {
  static func rule(attack: Int64 = 100, release: Int64 = 400, depth: Double = -12) throws
    -> DuckPlan
  {
    let json: [String: Any] = [
      "owner": "music", "ownerKind": "track", "location": ["line": 1, "column": 1],
      "under": ["voice"], "depth": pow(10, depth / 20), "depthDecibels": depth,
      "threshold": 0.01, "thresholdDecibels": -40, "windowSamples": 50,
      "attackSamples": attack, "releaseSamples": release,
    ]
    return try JSONDecoder().decode(
      DuckPlan.self, from: JSONSerialization.data(withJSONObject: json))
  }

  @Test func rampsDownBeforeTheSpanHoldsAndRampsBackAfterIt() throws {
    let envelope = DuckEnvelope(plan: try Self.rule(), spans: [1000..<2000])
    #expect(envelope.level(at: 899) == 0)
    #expect(envelope.level(at: 900) == 0)
    #expect(abs(envelope.level(at: 950) - -6) < 1e-9)
    #expect(envelope.level(at: 1000) == -12)
    #expect(envelope.level(at: 1999) == -12)
    #expect(abs(envelope.level(at: 2200) - -6) < 1e-9)
    #expect(envelope.level(at: 2400) == 0)
  }

  @Test func spansCloserThanTheRampsNeverLetTheLevelBounceBack() throws {
    let envelope = DuckEnvelope(plan: try Self.rule(), spans: [1000..<2000, 2150..<3000])
    // Between the spans the release of the first meets the attack of the second: the lower
    // of the two counts, so the level stays down at least halfway.
    for n in Int64(2000)..<2150 { #expect(envelope.level(at: n) <= -6 - 1e-9) }
  }

  @Test func applyingScalesEverySampleByTheLevel() throws {
    let envelope = DuckEnvelope(plan: try Self.rule(attack: 0, release: 0), spans: [10..<20])
    let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: 30)
    defer { buffer.deallocate() }
    buffer.update(repeating: 1)
    envelope.apply(to: [buffer], start: 0, count: 30)
    #expect(buffer[0..<10].allSatisfy { $0 == 1 })
    #expect(buffer[10..<20].allSatisfy { abs($0 - Float(pow(10, -12.0 / 20))) < 1e-6 })
    #expect(buffer[20..<30].allSatisfy { $0 == 1 })
  }
}

import Foundation
import RenderPlan

/// The gain a duck rule gives its owner at each output sample, from the spans where the sounds
/// it ducks under are audible.
///
/// For one audible span `s..<e` the level in decibels is 0 up to `s − attack`, falls linearly
/// to `depth` at `s`, holds it to `e`, and rises linearly back to 0 by `e + release`. With
/// several spans the lowest of their levels counts, so spans closer together than a ramp never
/// let the level bounce back up between them. The result depends only on the spans: the same
/// inputs give the same samples.
public final class DuckEnvelope {
  let plan: DuckPlan
  /// Audible spans, in output samples, sorted and apart.
  let spans: [Range<Int64>]
  /// The first span whose influence has not ended before the samples asked for last.
  private var first = 0

  init(plan: DuckPlan, spans: [Range<Int64>]) {
    self.plan = plan
    self.spans = spans
  }

  /// The same envelope, ready to be read from the output's start again.
  public func restarted() -> DuckEnvelope {
    DuckEnvelope(plan: plan, spans: spans)
  }

  /// Multiplies `count` samples of each channel, starting at output sample `start`, by the
  /// ducking gain. Calls must ask for non-decreasing `start`.
  func apply(to buffers: [UnsafeMutableBufferPointer<Float>], start: Int64, count: Int) {
    let release = plan.releaseSamples
    while first < spans.count && spans[first].upperBound + release <= start { first += 1 }
    scale(buffers, start: start, count: count, decibels: level(at:))
  }

  /// The ducking level in decibels (≤ 0) at output sample `n`.
  func level(at n: Int64) -> Double {
    let attack = plan.attackSamples
    let release = plan.releaseSamples
    let depth = plan.depthDecibels
    var lowest = 0.0
    var index = first
    while index < spans.count && spans[index].lowerBound - attack <= n {
      let span = spans[index]
      index += 1
      let level: Double
      if n >= span.lowerBound && n < span.upperBound {
        level = depth
      } else if n < span.lowerBound {
        level = depth * Double(n - (span.lowerBound - attack)) / Double(attack)
      } else if n < span.upperBound + release {
        level = depth * (1 - Double(n - span.upperBound) / Double(release))
      } else {
        continue
      }
      lowest = min(lowest, level)
    }
    return lowest
  }
}

import RenderPlan

/// Finds where the sounds that others duck under are audible: a pass over the timeline before
/// the mix, so the mix can lower a track `attack` before the voice it makes room for starts.
///
/// Each named owner is mixed on its own (its streams with their gains and fades, not its own
/// ducking) and its level measured as RMS over 50 ms windows aligned to output sample 0, over
/// all channels. A window is audible for a rule when any of the rule's owners is above the
/// rule's threshold there; runs of audible windows are the envelope's spans. Memory is one
/// number per window and owner: 72,000 for an hour.
public enum DuckAnalysis {
  /// One envelope per rule, keyed by the ducked owner.
  public static func envelopes(
    plan: RenderPlan, open: @escaping AudioMixer.Open, checkCancelled: () throws -> Void
  ) throws -> [String: DuckEnvelope] {
    let format = plan.output.audio
    var power: [String: [Float]] = [:]
    for owner in Set(plan.ducking.flatMap(\.under)).sorted() {
      let streams = plan.audio.filter { $0.owner == owner }
      let window = plan.ducking.first { $0.under.contains(owner) }?.windowSamples ?? 1
      power[owner] = try windowPower(
        streams: streams, format: format, window: window, open: open,
        checkCancelled: checkCancelled)
    }
    var envelopes: [String: DuckEnvelope] = [:]
    for rule in plan.ducking {
      let keys = rule.under.compactMap { power[$0] }
      let threshold = Float(rule.threshold * rule.threshold)
      let windows = keys.first?.count ?? 0
      var spans: [Range<Int64>] = []
      var start: Int?
      // One step past the last window closes a span still open there.
      for w in 0...windows {
        let audible = w < windows && keys.contains { $0[w] > threshold }
        if audible && start == nil {
          start = w
        } else if !audible, let first = start {
          let samples = rule.windowSamples
          spans.append(Int64(first) * samples..<min(format.sampleCount, Int64(w) * samples))
          start = nil
        }
      }
      envelopes[rule.owner] = DuckEnvelope(plan: rule, spans: spans)
    }
    return envelopes
  }

  /// The mean square of the streams' sum in each window of `window` samples.
  private static func windowPower(
    streams: [AudioStreamPlan], format: AudioEncodingPlan, window: Int64,
    open: @escaping AudioMixer.Open, checkCancelled: () throws -> Void
  ) throws -> [Float] {
    let windows = Int((format.sampleCount + window - 1) / window)
    var power = [Float](repeating: 0, count: windows)
    let first = streams.map(\.firstSample).min() ?? 0
    let end = streams.map(\.endSample).max() ?? 0
    let mixer = AudioMixer(streams: streams, format: format, stage: .measuring, open: open)
    // Mixing must start at sample 0, but nothing sounds before `first`: skip it silently.
    mixer.skip(to: first)
    var sum = 0.0
    var current = Int(first / window)
    // A window's mean runs over all of it: where the streams do not sound, they are silent.
    func close(_ index: Int) {
      let length = min(window, format.sampleCount - Int64(index) * window)
      power[index] = Float(sum / Double(length * Int64(format.channels)))
    }
    try mixer.stream(upTo: min(end, format.sampleCount), checkCancelled: checkCancelled) {
      block, start in
      for t in 0..<block[0].count {
        let index = Int((start + Int64(t)) / window)
        if index != current {
          close(current)
          current = index
          sum = 0
        }
        for buffer in block { sum += Double(buffer[t]) * Double(buffer[t]) }
      }
    }
    if mixer.position > first && current < windows { close(current) }
    return power
  }
}

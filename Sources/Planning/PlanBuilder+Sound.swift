import Diagnostics
import Foundation
import PlanValues
import ProjectFile
import RenderPlan
import Timeline

/// The plan's sound for delivery: the limiter, the loudness target and the duck rules.
extension PlanBuilder {
  /// A loudness target or a true-peak ceiling limits true peaks; otherwise `limiter` limits
  /// sample peaks at −1 dBFS, as version 1 always has.
  func limiterPlan() -> LimiterPlan? {
    let audio = spec.output.audio
    if audio.loudness != nil || audio.truePeak != nil {
      return LimiterPlan(detection: .truePeak, ceilingDecibels: audio.truePeak?.value ?? -1)
    }
    return audio.limiter.value ? LimiterPlan(detection: .samplePeak, ceilingDecibels: -1) : nil
  }

  func loudnessPlan() -> LoudnessPlan? {
    spec.output.audio.loudness.map {
      LoudnessPlan(targetLUFS: $0.value.lufs, standard: $0.value.name)
    }
  }

  /// One rule per ducked owner that is in the mix, naming only the owners that are too. A
  /// named owner left out by its `when` is quietly absent; one in the project without sound
  /// (muted, or a source without audio) is a warning, since nothing will ever duck under it.
  mutating func duckPlans(audio: [AudioStreamPlan]) -> [DuckPlan] {
    let sounding = Set(audio.map(\.owner))
    let rate = Int64(spec.output.audio.sampleRate.value)
    var owners: [(name: String, kind: String, duck: DuckSpec)] = []
    for layer in spec.drawnLayers {
      if let duck = layer.content.playedVideo?.audio.duck {
        owners.append((layer.name.value, "layer", duck))
      }
    }
    for track in spec.audioTracks {
      if let duck = track.mix.duck { owners.append((track.name.value, "track", duck)) }
    }
    let inProject = Set(
      spec.layers.map(\.name.value) + spec.drawnLayers.map(\.name.value)
        + spec.audioTracks.map(\.name.value))
    // A sequence's sound is its items'.
    var itemNames: [String: [String]] = [:]
    for layer in spec.layers {
      if case .sequence(let sequence) = layer.content {
        itemNames[layer.name.value] = sequence.items.map(\.name.value)
      }
    }
    var plans: [DuckPlan] = []
    for owner in owners {
      for name in owner.duck.under
      where inProject.contains(name.value)
        && !(itemNames[name.value] ?? [name.value]).contains(where: sounding.contains)
      {
        diagnostics.append(
          .warning(
            "duck-under-silent",
            "'\(owner.name)' ducks under '\(name.value)', which has no sound in the mix (muted, or its source has no audio stream)",
            at: name.location))
      }
      let under = owner.duck.under.flatMap { itemNames[$0.value] ?? [$0.value] }
        .filter(sounding.contains)
      guard sounding.contains(owner.name), !under.isEmpty else { continue }
      let duck = owner.duck
      let fps = self.fps
      let samples = { (t: TimeValue) in TimeGrid.sample(at: t.seconds(fps: fps), rate: rate) }
      plans.append(
        DuckPlan(
          owner: owner.name, ownerKind: owner.kind, location: PlanLocation(duck.location),
          under: under, depth: duck.by.value.linear,
          depthDecibels: duck.by.value.decibels ?? 20 * log10(duck.by.value.linear),
          threshold: duck.threshold.value.linear,
          thresholdDecibels: duck.threshold.value.decibels
            ?? 20 * log10(duck.threshold.value.linear),
          windowSamples: max(1, TimeGrid.sample(at: Rational(1, 20), rate: rate)),
          attackSamples: samples(duck.attack.value), releaseSamples: samples(duck.release.value)))
    }
    return plans
  }
}

import Foundation
import Media
import RenderPlan

/// What the render measured for `output.audio.loudness` and `true_peak`, and what it chose.
public struct LoudnessReport: Sendable, Equatable, Codable {
  /// The loudness target, LUFS; nil with only a true-peak ceiling.
  public var targetLUFS: Double?
  /// The mix before the gain; `nil` when it is silent (no block above −70 LUFS).
  public var mixLUFS: Double?
  /// The one gain applied to the whole mix, dB.
  public var gainDecibels: Double
  /// The mix with the gain and the limiter, before AAC, LUFS: the target, or short of it where
  /// the ceiling holds it back.
  public var limitedLUFS: Double?
  /// The output as the movie holds it: the mix encoded to AAC and decoded, LUFS; nil when
  /// that is silent.
  public var outputLUFS: Double?
  /// The ceiling asked for, dBTP.
  public var ceilingDBTP: Double
  /// The ceiling the limiter ran at: lower than asked where AAC put peaks back over it.
  public var limiterCeilingDBTP: Double
  /// The true peak of the output's AAC, decoded, dBTP.
  public var truePeakDBTP: Double?
  /// Spans dipped where AAC put peaks over the ceiling.
  public var codecDips: Int = 0
  /// The audio codec the figures after encoding are for, as people write it (`AAC`, `Opus`).
  public var codec: String = "AAC"

  /// `mix -31.2 LUFS, gain +8.2 dB: after AAC -23.0 LUFS (target -23.0), true peak -1.4 dBTP`:
  /// the figures after AAC are those of the movie's own sound, decoded.
  public var text: String {
    func level(_ value: Double?, _ unit: String) -> String {
      value.map { String(format: "%.1f \(unit)", $0) } ?? "silent"
    }
    var words = ""
    if let targetLUFS {
      words += "mix \(level(mixLUFS, "LUFS")), gain \(String(format: "%+.1f dB", gainDecibels)): "
      words += "after \(codec) \(level(outputLUFS, "LUFS")) "
      words += "(target \(String(format: "%.1f", targetLUFS))), true peak "
    } else {
      words += "true peak after \(codec) "
    }
    words += level(truePeakDBTP, "dBTP")
    if limiterCeilingDBTP < ceilingDBTP - 0.005 {
      words +=
        " (limited at \(String(format: "%.1f", limiterCeilingDBTP)) dBTP for \(codec)'s overshoot)"
    } else if codecDips > 0 {
      words += " (\(codecDips) span\(codecDips == 1 ? "" : "s") dipped for \(codec)'s overshoot)"
    }
    return words
  }
}

/// Finds the one gain that brings the mix to its loudness target, and the limiter ceiling that
/// keeps the AAC output's true peaks under `true_peak`.
///
/// The mix is deterministic, so it is measured before it is encoded: first as it is (BS.1770-4
/// with EBU R128 gating), giving the gain `target − measured`. If the gained mix's true peak
/// would pass the ceiling, the limiter will take some loudness away, so the mix is measured
/// again with the gain and the limiter and the gain corrected by what is missing.
///
/// The first pass records the ducked sum (`MixCache`) and every later one reads it back, so
/// each input is decoded once however many passes run; the output's own mix reads it too.
///
/// Then the mix is encoded to AAC and decoded back (`AudioRoundTrip`, the same encoder as the
/// movie's): AAC can put peaks back over a limited mix, most at sharp onsets. Where a frame's
/// decoded true peak passes the ceiling, that span is dipped by the excess after the limiter
/// (`CodecPeakDips`; where it passes nearly everywhere, the limiter's ceiling is lowered
/// instead), the gain is found again and the round trip repeated. Each pass streams the mix:
/// memory stays flat.
///
/// The round trip is also metered, and its loudness is what the report gives as the output's:
/// AAC leaves out what lies above its bandwidth, so a mix bright with treble (noise, clicks,
/// sound near half the sample rate) decodes quieter than it measured, or silent. Where the
/// decoded sound misses the target by more than `codecLoudnessAllowance`, the gain aims past
/// the target by what AAC took and the round trip runs again.
public enum LoudnessNormalization {
  /// Loudness measurements at most per ceiling; each costs one decode of every audio input.
  static let maximumLoudnessPasses = 3
  /// AAC round trips at most.
  static let maximumCodecPasses = 3
  /// How far the output may miss the target, LU, by the README's promise.
  public static let contract = 0.5
  /// Close enough: a tenth of the ±0.5 LU the contract allows.
  static let tolerance = 0.05
  /// How far the decoded true peak may pass the ceiling before the limiter is lowered: under
  /// the contract's 0.5 dB, leaving room for meters that interpolate differently.
  static let codecAllowance = 0.2
  /// Local dips at most; past it the limiter's ceiling is lowered instead.
  static let maximumDips = 64
  /// How far AAC may move the decoded loudness from the target before the gain is corrected
  /// for it (another round trip): most mixes lose under 0.1 LU to AAC and need none.
  static let codecLoudnessAllowance = 0.2

  /// The report, the dips, and the cache of the sum when every sample of it is recorded.
  /// `recordingOpen` opens the streams of the pass that records the cache (the output's
  /// readers, which count damaged packets: the output's mix then decodes nothing); `open`
  /// any other's.
  public static func run(
    plan: RenderPlan, ducks: [String: DuckEnvelope], open: @escaping AudioMixer.Open,
    recordingOpen: @escaping AudioMixer.Open, checkCancelled: @escaping () throws -> Void
  ) throws -> (report: LoudnessReport, dips: CodecPeakDips, cache: MixCache?) {
    let format = plan.output.audio
    let ceiling = format.limiter?.ceilingDecibels ?? 0
    let target = format.loudness?.targetLUFS
    let cache = MixCache(channels: format.channels, frames: format.sampleCount)
    let run = Passes(
      plan: plan, ducks: ducks, open: open, recordingOpen: recordingOpen, cache: cache,
      checkCancelled: checkCancelled)
    var report = LoudnessReport(
      targetLUFS: target, mixLUFS: nil, gainDecibels: 0, limitedLUFS: nil, outputLUFS: nil,
      ceilingDBTP: ceiling, limiterCeilingDBTP: ceiling, truePeakDBTP: nil)
    report.codec = AudioEncoding(plan: plan).codec.displayName
    var raw: LoudnessResult?
    if let target {
      let measured = try run.measure(gainDecibels: 0, ceiling: nil)
      raw = measured
      report.mixLUFS = measured.integrated
      report.limitedLUFS = measured.integrated
      if let mix = measured.integrated { report.gainDecibels = target - mix }
    }
    var dips = CodecPeakDips()
    // What AAC takes from the mix's loudness, LU: the gain aims that far past the target.
    var codecLoss = 0.0
    for codecPass in 1...maximumCodecPasses {
      if let target, let raw, report.mixLUFS != nil {
        try findGain(aim: target + codecLoss, raw: raw, report: &report, run: run.with(dips))
      }
      let check = try run.with(dips).codecCheck(
        gainDecibels: report.gainDecibels, limiterCeiling: report.limiterCeilingDBTP,
        ceiling: ceiling, allowance: codecAllowance)
      report.truePeakDBTP = check.peak
      report.outputLUFS = check.loudness
      var again = !check.overs.isEmpty
      // Only AAC's share of a miss is corrected: where the ceiling holds the mix short of its
      // aim, more gain would only be limited away.
      if let target, let before = report.limitedLUFS, let after = check.loudness,
        abs(after - target) > codecLoudnessAllowance,
        abs(before - (target + codecLoss)) <= contract
      {
        codecLoss = before - after
        again = true
      }
      guard again, codecPass < maximumCodecPasses else { break }
      guard !check.overs.isEmpty else { continue }
      // Aim under the ceiling by half the allowance, so the next round trip lands inside it.
      let margin = codecAllowance / 2
      if check.overs.count > maximumDips - dips.dips.count {
        // Overshoot nearly everywhere: a lower ceiling is the same thing, done once.
        let worst = check.overs.map(\.excess).max() ?? 0
        report.limiterCeilingDBTP -= worst + margin
      } else {
        for over in check.overs { dips.add(over.span, decibels: -(over.excess + margin)) }
        report.codecDips = dips.dips.count
      }
    }
    return (report, dips, cache?.isComplete == true ? cache : nil)
  }

  /// Sets the gain that brings the limited mix to `aim` at the limiter's current ceiling:
  /// `aim − raw` when the limiter will not act, else corrected by measuring the limited mix.
  private static func findGain(
    aim: Double, raw: LoudnessResult, report: inout LoudnessReport, run: Passes
  ) throws {
    guard let mix = raw.integrated else { return }
    report.gainDecibels = aim - mix
    report.limitedLUFS = aim
    guard let peak = raw.truePeak, peak + report.gainDecibels > report.limiterCeilingDBTP else {
      return
    }
    for pass in 1...maximumLoudnessPasses {
      let limited = try run.measure(
        gainDecibels: report.gainDecibels, ceiling: report.limiterCeilingDBTP)
      report.limitedLUFS = limited.integrated
      guard let measured = limited.integrated, abs(aim - measured) > tolerance,
        pass < maximumLoudnessPasses
      else { break }
      report.gainDecibels += aim - measured
    }
  }

  /// The whole mix, streamed through a meter or an AAC round trip.
  private struct Passes {
    let plan: RenderPlan
    let ducks: [String: DuckEnvelope]
    let open: AudioMixer.Open
    let recordingOpen: AudioMixer.Open
    let cache: MixCache?
    let checkCancelled: () throws -> Void
    var dips = CodecPeakDips()

    func with(_ dips: CodecPeakDips) -> Passes {
      var passes = self
      passes.dips = dips
      return passes
    }

    func mixer(gainDecibels: Double, ceiling: Double?) -> AudioMixer {
      let format = plan.output.audio
      let stage = AudioMixer.Stage(
        ducks: ducks.mapValues { $0.restarted() }, gain: pow(10, gainDecibels / 20), dips: dips,
        limiter: ceiling.map { LimiterPlan(detection: .truePeak, ceilingDecibels: $0) },
        clips: false)
      // The first pass records the sum; it counts the inputs' damage, as it is their only
      // decode.
      let records = cache.map { !$0.isComplete && $0.recorded == 0 } ?? false
      return AudioMixer(
        streams: plan.audio, format: format, stage: stage, cache: cache,
        open: records ? recordingOpen : open)
    }

    func measure(gainDecibels: Double, ceiling: Double?) throws -> LoudnessResult {
      let format = plan.output.audio
      var meter = LoudnessMeter(sampleRate: format.sampleRate, channels: format.channels)
      try mixer(gainDecibels: gainDecibels, ceiling: ceiling).stream(
        upTo: plan.output.audio.sampleCount, checkCancelled: checkCancelled
      ) { block, _ in meter.add(block, count: block[0].count) }
      return meter.result
    }

    /// The true peak of the mix, limited at `limiterCeiling`, once encoded to AAC and decoded
    /// (dBTP, nil for silence), its integrated loudness so decoded (LUFS, nil for silence), and
    /// the spans whose decoded peak passes `ceiling` by more than `allowance`, with how far:
    /// each AAC frame's samples, widened by a frame either side (a decoded frame is made from
    /// the two transforms that overlap it).
    func codecCheck(
      gainDecibels: Double, limiterCeiling: Double, ceiling: Double, allowance: Double
    ) throws
      -> (peak: Double?, loudness: Double?, overs: [(span: Range<Int64>, excess: Double)])
    {
      let format = plan.output.audio
      var peaks = [TruePeak](repeating: TruePeak(), count: format.channels)
      // What the movie will hold: the decoded samples of the output's span, without the
      // encoder's priming before it or its padding after.
      var meter = LoudnessMeter(sampleRate: format.sampleRate, channels: format.channels)
      // Sized once the encoder says its frame size, before any sample is decoded.
      var frame: Int64 = 1
      var framePeaks: [Double] = []
      let roundTrip = try AudioRoundTrip(AudioEncoding(plan: plan)) { channels, at in
        let first = Int(max(0, -at))
        let end = Int(max(0, min(Int64(channels[0].count), format.sampleCount - at)))
        if first < end {
          meter.add(
            channels.map { UnsafeBufferPointer(rebasing: $0[first..<end]) }, count: end - first)
        }
        for (c, samples) in channels.enumerated() {
          for (i, x) in samples.enumerated() {
            let step = peaks[c].add(Double(x))
            // The interpolated points lie `TruePeak.delay` samples back.
            let n = at + Int64(i) - Int64(TruePeak.delay)
            guard n >= 0, n < format.sampleCount else { continue }
            let index = Int(n / frame)
            framePeaks[index] = max(framePeaks[index], step)
          }
        }
      }
      frame = Int64(roundTrip.frameSize)
      framePeaks = Array(repeating: 0, count: Int((format.sampleCount + frame - 1) / frame))
      try mixer(gainDecibels: gainDecibels, ceiling: limiterCeiling).stream(
        upTo: format.sampleCount, checkCancelled: checkCancelled
      ) { block, _ in try roundTrip.append(block) }
      try roundTrip.finish()
      let peak = framePeaks.max() ?? 0
      let overs = framePeaks.indices.compactMap { index -> (Range<Int64>, Double)? in
        let level = 20 * log10(framePeaks[index])
        guard level > ceiling + allowance else { return nil }
        let k = Int64(index)
        return (max(0, (k - 1) * frame)..<min(format.sampleCount, (k + 2) * frame), level - ceiling)
      }
      return (peak > 0 ? 20 * log10(peak) : nil, meter.result.integrated, overs)
    }

    private func stream(
      _ mixer: AudioMixer, into consume: ([UnsafeBufferPointer<Float>], Int) throws -> Void
    ) throws {
      let format = plan.output.audio
      let block = AudioMixer.blockSize
      let buffers = (0..<format.channels).map { _ in
        UnsafeMutableBufferPointer<Float>.allocate(capacity: block)
      }
      defer { for buffer in buffers { buffer.deallocate() } }
      var position: Int64 = 0
      while position < format.sampleCount {
        try checkCancelled()
        let count = Int(min(Int64(block), format.sampleCount - position))
        try mixer.mix(into: buffers, count: count)
        try consume(buffers.map { UnsafeBufferPointer(rebasing: $0[0..<count]) }, count)
        position += Int64(count)
      }
    }
  }
}

import Foundation
import RenderPlan

/// What the render measured for `output.audio.loudness` and the gain it chose.
public struct LoudnessReport: Sendable, Equatable {
  /// The target, LUFS.
  public var targetLUFS: Double
  /// The mix before the gain; `nil` when it is silent (no block above −70 LUFS).
  public var mixLUFS: Double?
  /// The one gain applied to the whole mix, dB.
  public var gainDecibels: Double
  /// The output as measured with the gain and the limiter, LUFS.
  public var outputLUFS: Double?
  /// The output's true peak, dBTP.
  public var truePeakDBTP: Double?
  /// How many times the whole mix was measured.
  public var passes: Int

  /// `mix -31.2 LUFS, gain +8.2 dB: -23.0 LUFS, true peak -1.4 dBTP`.
  public var text: String {
    func level(_ value: Double?, _ unit: String) -> String {
      value.map { String(format: "%.1f \(unit)", $0) } ?? "silent"
    }
    return "mix \(level(mixLUFS, "LUFS")), gain \(String(format: "%+.1f dB", gainDecibels)): "
      + "\(level(outputLUFS, "LUFS")) (target \(String(format: "%.1f", targetLUFS))), "
      + "true peak \(level(truePeakDBTP, "dBTP"))"
  }
}

/// Finds the one gain that brings the mix to its loudness target.
///
/// The mix is deterministic, so it is measured before it is encoded: first as it is (BS.1770-4
/// with EBU R128 gating), giving the gain `target − measured`. If the gained mix's true peak
/// would pass the ceiling, the limiter will take some loudness away, so the mix is measured
/// again with the gain and the limiter and the gain corrected by what is missing, up to
/// `maximumPasses` measurements in all. Each pass streams the mix through a meter: memory stays
/// flat.
enum LoudnessNormalization {
  /// Measurements at most; each costs one decode of every audio input.
  static let maximumPasses = 4
  /// Close enough: a tenth of the ±0.5 LU the contract allows.
  static let tolerance = 0.05

  static func run(
    plan: RenderPlan, target: LoudnessPlan, ducks: [String: DuckEnvelope],
    open: @escaping AudioMixer.Open, checkCancelled: () throws -> Void
  ) throws -> LoudnessReport {
    let format = plan.output.audio
    func measure(gainDecibels: Double, limited: Bool) throws -> LoudnessResult {
      let stage = AudioMixer.Stage(
        ducks: ducks.mapValues { $0.restarted() }, gain: pow(10, gainDecibels / 20),
        limiter: limited ? format.limiter : nil, clips: false)
      return try Self.measure(plan: plan, stage: stage, open: open, checkCancelled: checkCancelled)
    }
    let raw = try measure(gainDecibels: 0, limited: false)
    var report = LoudnessReport(
      targetLUFS: target.targetLUFS, mixLUFS: raw.integrated, gainDecibels: 0,
      outputLUFS: raw.integrated, truePeakDBTP: raw.truePeak, passes: 1)
    guard let mix = raw.integrated else { return report }
    report.gainDecibels = target.targetLUFS - mix
    report.outputLUFS = target.targetLUFS
    report.truePeakDBTP = raw.truePeak.map { $0 + report.gainDecibels }
    let ceiling = format.limiter?.ceilingDecibels ?? 0
    guard let peak = report.truePeakDBTP, peak > ceiling else { return report }
    while report.passes < maximumPasses {
      let limited = try measure(gainDecibels: report.gainDecibels, limited: true)
      report.passes += 1
      report.outputLUFS = limited.integrated
      report.truePeakDBTP = limited.truePeak
      guard let measured = limited.integrated,
        abs(target.targetLUFS - measured) > tolerance, report.passes < maximumPasses
      else { break }
      report.gainDecibels += target.targetLUFS - measured
    }
    return report
  }

  /// The whole mix through a meter.
  private static func measure(
    plan: RenderPlan, stage: AudioMixer.Stage, open: @escaping AudioMixer.Open,
    checkCancelled: () throws -> Void
  ) throws -> LoudnessResult {
    let format = plan.output.audio
    let mixer = AudioMixer(streams: plan.audio, format: format, stage: stage, open: open)
    var meter = LoudnessMeter(sampleRate: format.sampleRate, channels: format.channels)
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
      meter.add(buffers.map { UnsafeBufferPointer(rebasing: $0[0..<count]) }, count: count)
      position += Int64(count)
    }
    return meter.result
  }
}

import Foundation
import Media
import Mixing
import RenderPlan
import Timeline

/// The render's sound: the plan's audio streams decoded, mixed and limited, handed to the
/// writer in step with the video so the two interleave in the file, and ending on exactly the
/// plan's sample count.
///
/// A plan that ducks or has a loudness target needs to know its sound before it mixes it
/// (where the voices are audible, how loud the mix is). A movie render starts that analysis on
/// a thread of its own (`startAnalysis`), so it runs beside the compositor and the encoder:
/// writes that find it unfinished leave the sound for later, up to `lookAhead` of video, which
/// the muxer holds until the sound catches up. Without `startAnalysis` the first write
/// analyses the sound where it is called.
final class AudioTimeline: @unchecked Sendable {
  private let plan: RenderPlan
  private let fps: Rational
  private let rate: Int64
  private let sampleCount: Int64
  private var written: Int64 = 0
  private let damage = AudioDamage()
  /// Made by the first write, after the analysis the plan needs, or by the analysis thread.
  private var mixer: AudioMixer?
  /// The analysis thread, its result and the lock its hand-over takes.
  private var analysis: Worker?
  private var analysisStarted = false
  private let analysisLock = NSLock()
  private var analysed: Result<AudioMixer, any Error>?
  /// How far the video may run ahead of the sound while the analysis runs: under libavformat's
  /// default `max_interleave_delta` (10 s), past which the muxer would stop waiting for the
  /// sound's packets and write the video's alone, so the file stays interleaved. The muxer
  /// holds that much encoded video in memory, whatever the movie's length.
  static let lookAhead = Rational(8)
  /// Throws to stop the analysis passes when the render is abandoned.
  var checkCancelled: () throws -> Void = {}
  /// What the loudness target's measurement found, once made.
  private(set) var loudness: LoudnessReport?
  /// One buffer of `chunk` samples per channel, owned for the timeline's life (pointers into
  /// Swift arrays may not outlive the closure that lends them).
  private let buffers: [UnsafeMutableBufferPointer<Float>]

  /// Nil when the plan has no audio stream: the movie then has no audio track.
  init?(plan: RenderPlan) {
    guard !plan.audio.isEmpty else { return nil }
    self.plan = plan
    let format = plan.output.audio
    fps = plan.output.fps
    rate = Int64(format.sampleRate)
    sampleCount = format.sampleCount
    buffers = (0..<format.channels).map { _ in
      UnsafeMutableBufferPointer<Float>.allocate(capacity: Self.chunk)
    }
  }

  deinit {
    for buffer in buffers { buffer.deallocate() }
  }

  /// Samples per channel mixed and written at a time.
  private static let chunk = 4096

  /// Samples the mix had to clip (with the limiter off).
  var clippedSamples: Int { mixer?.clippedSamples ?? 0 }

  /// Warnings for streams whose decoder skipped damaged packets, at their owners, for a
  /// loudness target that could not be met, and for a mix that clipped.
  var warnings: [RenderFailure] {
    var warnings = damage.warnings
    if let loudness, plan.output.audio.loudness != nil {
      warnings += Self.loudnessWarnings(loudness)
    }
    if clippedSamples > 0 {
      let clipped = clippedSamples
      warnings.append(
        RenderFailure(
          "the mix clipped \(clipped) sample\(clipped == 1 ? "" : "s") (output.audio.limiter is "
            + "false): lower some gains, or turn the limiter on"))
    }
    return warnings
  }

  /// What keeps the output from its loudness target, if anything: silence, the true-peak
  /// ceiling, or AAC leaving out what the mix was measured with.
  private static func loudnessWarnings(_ loudness: LoudnessReport) -> [RenderFailure] {
    func lufs(_ value: Double) -> String { String(format: "%.1f", value) }
    let contract = LoudnessNormalization.contract
    guard let mix = loudness.mixLUFS, let target = loudness.targetLUFS else {
      return [
        RenderFailure(
          "output.audio.loudness: the mix is silent (no 400 ms block louder than -70 LUFS), so no gain was applied"
        )
      ]
    }
    guard let output = loudness.outputLUFS else {
      return [
        RenderFailure(
          "output.audio.loudness: the mix reads \(lufs(mix)) LUFS, but its \(loudness.codec) encoding is silent (no 400 ms block louder than -70 LUFS): \(loudness.codec) leaves out the sound it holds, such as sound near half the sample rate"
        )
      ]
    }
    guard abs(output - target) > contract else { return [] }
    if let limited = loudness.limitedLUFS, abs(limited - target) > contract {
      return [
        RenderFailure(
          "output.audio.loudness: the true-peak ceiling holds the mix at \(lufs(output)) LUFS after \(loudness.codec), short of the target \(lufs(target)); raise true_peak or lower the loudest sound"
        )
      ]
    }
    return [
      RenderFailure(
        "output.audio.loudness: the mix encoded to \(loudness.codec) reads \(lufs(output)) LUFS, not the target \(lufs(target)): \(loudness.codec) leaves out part of its sound (treble past the encoder's bandwidth)"
      )
    ]
  }

  /// Whether the sound needs analysing before it is mixed: ducking, or a true-peak ceiling
  /// (with or without a loudness target).
  private var needsAnalysis: Bool {
    !plan.ducking.isEmpty || plan.output.audio.limiter?.detection == .truePeak
  }

  /// Starts the analysis on a thread of its own, if the plan needs one. `checkCancelled` must
  /// be set first, and `joinAnalysis` called before the timeline is let go.
  func startAnalysis() {
    guard needsAnalysis, !analysisStarted else { return }
    analysisStarted = true
    analysis = Worker(name: "chromake sound analysis") { [self] in
      let result = Result { try prepare() }
      analysisLock.withLock { analysed = result }
    }
  }

  /// Waits for the analysis thread, if any, to end.
  func joinAnalysis() {
    analysis?.join()
    analysis = nil
  }

  /// Writes the sound up to the end of video frame `k` (exclusive end `k + 1`). While the
  /// analysis thread runs, it writes nothing unless the video is `lookAhead` past the sound
  /// written, and then waits for it.
  func write(throughFrame k: Int64, to writer: any AudioSink) throws {
    let end = min(sampleCount, TimeGrid.sample(at: Rational(k + 1) / fps, rate: rate))
    if mixer == nil, analysisStarted {
      let ahead = Rational(end - written, rate)
      guard try takeAnalysis(waiting: ahead >= Self.lookAhead) else { return }
    }
    try write(upTo: end, to: writer)
  }

  /// Writes whatever is left of the sound (all of it is due once the last frame is written).
  func finish(to writer: any AudioSink) throws {
    if mixer == nil, analysisStarted { _ = try takeAnalysis(waiting: true) }
    try write(upTo: sampleCount, to: writer)
  }

  /// The analysis thread's mixer, once it is done (waiting for it with `waiting`): false while
  /// it runs, its error once it failed.
  private func takeAnalysis(waiting: Bool) throws -> Bool {
    if waiting { joinAnalysis() }
    guard let result = analysisLock.withLock({ analysed }) else {
      guard !waiting else { throw RenderFailure("the sound's analysis ended without a result") }
      return false
    }
    joinAnalysis()
    mixer = try result.get()
    return true
  }

  private func write(upTo end: Int64, to writer: any AudioSink) throws {
    while written < end {
      let count = Int(min(Int64(Self.chunk), end - written))
      try fill(count)
      try writeBuffers(count, to: writer)
      written += Int64(count)
    }
  }

  private func fill(_ count: Int) throws {
    let mixer = try self.mixer ?? prepare()
    self.mixer = mixer
    let parts = buffers.map { UnsafeMutableBufferPointer(rebasing: $0[0..<count]) }
    for part in parts { part.initialize(repeating: 0) }
    try mixer.mix(into: parts, count: count)
  }

  /// Analyses what the plan asks for, then makes the output's mixer.
  private func prepare() throws -> AudioMixer {
    let format = plan.output.audio
    let analysis = open(trackingDamage: false)
    var stage = AudioMixer.Stage.output(format)
    if !plan.ducking.isEmpty {
      stage.ducks = try DuckAnalysis.envelopes(
        plan: plan, open: analysis, checkCancelled: checkCancelled)
    }
    var cache: MixCache?
    if format.limiter?.detection == .truePeak {
      let (report, dips, recorded) = try LoudnessNormalization.run(
        plan: plan, ducks: stage.ducks, open: analysis, recordingOpen: open(trackingDamage: true),
        checkCancelled: checkCancelled)
      loudness = report
      cache = recorded
      stage.dips = dips
      stage.gain = pow(10, report.gainDecibels / 20)
      stage.limiter = LimiterPlan(detection: .truePeak, ceilingDecibels: report.limiterCeilingDBTP)
      stage.ducks = stage.ducks.mapValues { $0.restarted() }
    }
    // With a whole cache the output's mix decodes nothing: the recording pass counted the
    // inputs' damage.
    return AudioMixer(
      streams: plan.audio, format: format, stage: stage, cache: cache,
      open: open(trackingDamage: true))
  }

  /// Opens a stream's reader; only the output's own readers count damaged packets, so a
  /// packet the analysis skipped too is reported once.
  private func open(trackingDamage: Bool) -> AudioMixer.Open {
    let plan = self.plan
    let damage = self.damage
    let format = plan.output.audio
    return { stream, from in
      // A child project's mix: its own inputs' damage is not counted here.
      if stream.composition != nil { return try CompositionMix.opener(plan)(stream, from) }
      let path = plan.resolvedPath(stream.source)
      do throws(MediaError) {
        let reader = try AudioStreamReader(
          path: path, audioStream: stream.audioStream, sampleRate: format.sampleRate,
          channels: format.channels, from: from)
        if trackingDamage { damage.track(reader, for: stream) }
        return reader
      } catch {
        throw RenderFailure(
          "cannot decode audio stream \(stream.audioStream) of '\(stream.source)': \(error)",
          audio: stream)
      }
    }
  }

  private func writeBuffers(_ count: Int, to writer: any AudioSink) throws {
    let parts = buffers.map { UnsafeBufferPointer(rebasing: $0[0..<count]) }
    do throws(MediaError) {
      try writer.writeAudio(parts)
    } catch {
      throw RenderFailure("encoding the audio failed: \(error)")
    }
  }
}

/// Counts the damaged packets each audio stream's decoders skipped, across the reopenings of a
/// looped stream, so the render can warn about them as it does for video.
private final class AudioDamage {
  private var streams: [(plan: AudioStreamPlan, skipped: Int, current: AudioStreamReader?)] = []

  func track(_ reader: AudioStreamReader, for plan: AudioStreamPlan) {
    if let index = streams.firstIndex(where: { $0.plan == plan }) {
      streams[index].skipped += streams[index].current?.skippedPackets ?? 0
      streams[index].current = reader
    } else {
      streams.append((plan, 0, reader))
    }
  }

  var warnings: [RenderFailure] {
    streams.compactMap { stream in
      let skipped = stream.skipped + (stream.current?.skippedPackets ?? 0)
      guard skipped > 0 else { return nil }
      return RenderFailure(
        "audio stream \(stream.plan.audioStream) of '\(stream.plan.source)' is damaged: "
          + "\(skipped) packet\(skipped == 1 ? " was" : "s were") skipped",
        audio: stream.plan)
    }
  }
}

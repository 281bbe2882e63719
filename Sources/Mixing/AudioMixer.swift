import RenderPlan

/// Sums the planned audio streams into the output, sample by sample, in plan order.
///
/// Each stream is placed, trimmed, looped, scaled by its gain and fades (see
/// `AudioStreamCursor`) and added without any scaling for how many others play; a ducked
/// owner's streams are first summed apart and scaled by its `DuckEnvelope`. The `Stage` then
/// finishes the sum: a loudness gain, the `PeakLimiter` or a clip to [−1, 1] (or neither, when
/// the mix is only being measured), and any `CodecPeakDips`. The output timeline is `0..<format.sampleCount`; past
/// it the mix is silence.
///
/// The limiter sees `lookAhead` samples of the future, so with it the mixer mixes that far
/// ahead of what it hands out and the output has no latency.
public final class AudioMixer {
  public typealias Open = AudioStreamCursor.Open

  /// How the summed streams are finished.
  public struct Stage {
    /// Ducking envelopes by the owner they lower.
    public var ducks: [String: DuckEnvelope] = [:]
    /// Linear gain on the whole mix, before the limiter (the loudness target's).
    public var gain = 1.0
    /// Local dips where AAC would put true peaks over the ceiling, after the limiter.
    public var dips = CodecPeakDips()
    /// The limiter, if any.
    public var limiter: LimiterPlan?
    /// Without a limiter: clip to [−1, 1] (the output), or leave the sum as it is (measuring).
    var clips: Bool

    /// The raw sum, for measuring.
    static var measuring: Stage { Stage(clips: false) }

    /// The plan's own output stage, without loudness or ducking.
    public static func output(_ format: AudioEncodingPlan) -> Stage {
      Stage(limiter: format.limiter, clips: true)
    }
  }

  /// The largest block mixed at once; bounds the scratch buffers.
  static let blockSize = 4096

  let format: AudioEncodingPlan
  /// Samples clipped to ±1 when the limiter is off, over all channels.
  public private(set) var clippedSamples = 0
  private let cursors: [AudioStreamCursor]
  private let stage: Stage
  /// Where the ducked sum is recorded, or read back from once it is whole (`MixCache`).
  private let cache: MixCache?
  private let limiter: PeakLimiter?
  /// The next output sample handed out.
  private(set) var position: Int64 = 0
  /// The next output sample mixed; `position` plus the limiter's look-ahead.
  private var mixPosition: Int64 = 0
  private let scratch: [UnsafeMutableBufferPointer<Float>]
  /// Where a ducked owner's streams are summed before its envelope scales them.
  private let duckBuffers: [UnsafeMutableBufferPointer<Float>]
  private let primeBuffers: [UnsafeMutableBufferPointer<Float>]

  /// A mixer of `streams` into `format`, finished by `stage`. With a `cache` that is whole it
  /// reads the ducked sum from there and decodes nothing; with one being recorded it records
  /// its own sum (`stage.ducks` must then be the ones every reader of the cache mixes with).
  public init(
    streams: [AudioStreamPlan], format: AudioEncodingPlan, stage: Stage,
    cache: MixCache? = nil, open: @escaping Open
  ) {
    self.format = format
    self.stage = stage
    self.cache = cache
    cursors = streams.map {
      AudioStreamCursor(plan: $0, sampleRate: format.sampleRate, open: open)
    }
    let limiter = stage.limiter.map {
      PeakLimiter(sampleRate: format.sampleRate, channels: format.channels, plan: $0)
    }
    self.limiter = limiter
    let block = AudioMixer.blockSize
    scratch = (0..<format.channels).map { _ in .allocate(capacity: block) }
    duckBuffers = (0..<format.channels).map { _ in
      .allocate(capacity: stage.ducks.isEmpty ? 0 : block)
    }
    primeBuffers = (0..<format.channels).map { _ in .allocate(capacity: limiter?.lookAhead ?? 0) }
  }

  /// The plan's output mix without loudness or ducking.
  convenience init(streams: [AudioStreamPlan], format: AudioEncodingPlan, open: @escaping Open) {
    self.init(streams: streams, format: format, stage: .output(format), open: open)
  }

  deinit {
    for buffer in scratch + duckBuffers + primeBuffers { buffer.deallocate() }
  }

  /// Starts a measuring mixer at output sample `start`, before which nothing it mixes sounds.
  func skip(to start: Int64) {
    precondition(limiter == nil && position == 0, "only a fresh mixer without a limiter skips")
    position = start
    mixPosition = start
  }

  /// Writes the next `count` output samples into each channel's buffer.
  public func mix(into buffers: [UnsafeMutableBufferPointer<Float>], count: Int) throws {
    precondition(buffers.count == format.channels, "mixing into the wrong number of channels")
    if let limiter, mixPosition == 0 {
      try mixRaw(into: primeBuffers, count: limiter.lookAhead)
      limiter.process(primeBuffers, count: limiter.lookAhead)
    }
    var done = 0
    while done < count {
      let length = min(count - done, AudioMixer.blockSize)
      let block = buffers.map { UnsafeMutableBufferPointer(rebasing: $0[done..<done + length]) }
      try mixRaw(into: block, count: length)
      if let limiter {
        limiter.process(block, count: length)
      } else if stage.clips {
        clip(block, count: length)
      }
      // After the limiter, which would otherwise give back what a dip took.
      if !stage.dips.isEmpty {
        stage.dips.apply(to: block, start: position + Int64(done), count: length)
      }
      done += length
    }
    position += Int64(count)
  }

  /// Sums every stream for the next `count` samples at `mixPosition`, `count ≤ blockSize`,
  /// ducked and scaled by the stage's gain.
  private func mixRaw(into buffers: [UnsafeMutableBufferPointer<Float>], count: Int) throws {
    for buffer in buffers { buffer.update(repeating: 0) }
    let audible = Int(max(0, min(Int64(count), format.sampleCount - mixPosition)))
    if audible > 0 {
      let block = buffers.map { UnsafeMutableBufferPointer(rebasing: $0[0..<audible]) }
      if let cache, cache.isComplete {
        try cache.read(into: block, at: mixPosition, count: audible)
      } else {
        for cursor in cursors {
          if let envelope = stage.ducks[cursor.plan.owner] {
            try addDucked(cursor, envelope, into: block, count: audible)
          } else {
            try cursor.add(into: block, start: mixPosition, count: audible, scratch: scratch)
          }
        }
        cache?.record(block, at: mixPosition, count: audible)
      }
      if stage.gain != 1 {
        let gain = Float(stage.gain)
        for buffer in block {
          for t in 0..<audible { buffer[t] *= gain }
        }
      }

    }
    mixPosition += Int64(count)
  }

  private func addDucked(
    _ cursor: AudioStreamCursor, _ envelope: DuckEnvelope,
    into block: [UnsafeMutableBufferPointer<Float>], count: Int
  ) throws {
    let ducked = duckBuffers.map { UnsafeMutableBufferPointer(rebasing: $0[0..<count]) }
    for buffer in ducked { buffer.update(repeating: 0) }
    try cursor.add(into: ducked, start: mixPosition, count: count, scratch: scratch)
    envelope.apply(to: ducked, start: mixPosition, count: count)
    for (sum, part) in zip(block, ducked) {
      for t in 0..<count { sum[t] += part[t] }
    }
  }

  private func clip(_ buffers: [UnsafeMutableBufferPointer<Float>], count: Int) {
    for buffer in buffers {
      for t in 0..<count where abs(buffer[t]) > 1 {
        buffer[t] = buffer[t] > 0 ? 1 : -1
        clippedSamples += 1
      }
    }
  }
}

import RenderPlan

/// Sums the planned audio streams into the output, sample by sample, in plan order.
///
/// Each stream is placed, trimmed, looped, scaled by its gain and fades (see
/// `AudioStreamCursor`) and added without any scaling for how many others play. The sum then
/// passes the `PeakLimiter` when the plan asks for it, or is clipped to [−1, 1] otherwise. The
/// output timeline is `0..<format.sampleCount`; past it the mix is silence.
///
/// The limiter sees `lookAhead` samples of the future, so with it the mixer mixes that far
/// ahead of what it hands out and the output has no latency.
final class AudioMixer {
  typealias Open = AudioStreamCursor.Open

  /// The largest block mixed at once; bounds the scratch buffers.
  static let blockSize = 4096

  let format: AudioEncodingPlan
  /// Samples clipped to ±1 when the limiter is off, over all channels.
  private(set) var clippedSamples = 0
  private let cursors: [AudioStreamCursor]
  private let limiter: PeakLimiter?
  /// The next output sample handed out.
  private(set) var position: Int64 = 0
  /// The next output sample mixed; `position` plus the limiter's look-ahead.
  private var mixPosition: Int64 = 0
  private let scratch: [UnsafeMutableBufferPointer<Float>]
  private let primeBuffers: [UnsafeMutableBufferPointer<Float>]

  init(streams: [AudioStreamPlan], format: AudioEncodingPlan, open: @escaping Open) {
    self.format = format
    cursors = streams.map {
      AudioStreamCursor(plan: $0, sampleRate: format.sampleRate, open: open)
    }
    let limiter =
      format.limiter ? PeakLimiter(sampleRate: format.sampleRate, channels: format.channels) : nil
    self.limiter = limiter
    scratch = (0..<format.channels).map { _ in .allocate(capacity: AudioMixer.blockSize) }
    primeBuffers = (0..<format.channels).map { _ in .allocate(capacity: limiter?.lookAhead ?? 0) }
  }

  deinit {
    for buffer in scratch + primeBuffers { buffer.deallocate() }
  }

  /// Writes the next `count` output samples into each channel's buffer.
  func mix(into buffers: [UnsafeMutableBufferPointer<Float>], count: Int) throws {
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
      } else {
        clip(block, count: length)
      }
      done += length
    }
    position += Int64(count)
  }

  /// Sums every stream for the next `count` samples at `mixPosition`, `count ≤ blockSize`.
  private func mixRaw(into buffers: [UnsafeMutableBufferPointer<Float>], count: Int) throws {
    for buffer in buffers { buffer.update(repeating: 0) }
    let audible = Int(max(0, min(Int64(count), format.sampleCount - mixPosition)))
    if audible > 0 {
      let block = buffers.map { UnsafeMutableBufferPointer(rebasing: $0[0..<audible]) }
      for cursor in cursors {
        try cursor.add(into: block, start: mixPosition, count: audible, scratch: scratch)
      }
    }
    mixPosition += Int64(count)
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

import RenderPlan
import Timeline

/// One planned stream's place in the mix: which source sample each output sample reads, and
/// the source reader, opened when the stream's first sample is reached and let go after its
/// last.
///
/// Output sample `n` in `firstSample..<endSample` reads source sample
/// `inSample + (n − firstSample)`, wrapped into `inSample..<outSample` when the stream loops;
/// without a loop, reading stops at `outSample` or the source's end and silence follows. A
/// looping source that ends before `outSample` is silent up to it, so the period stays exact.
public final class AudioStreamCursor {
  public typealias Open = (AudioStreamPlan, _ fromSourceSample: Int64) throws -> AudioSamples

  let plan: AudioStreamPlan
  /// `round(sourceIn × rate)`.
  let inSample: Int64
  /// `round(sourceOut × rate)`.
  let outSample: Int64
  private let open: Open
  private var source: AudioSamples?
  /// The source has been opened once (it may since have been let go).
  private var started = false
  /// The source sample the next read returns.
  private var sourceSample: Int64 = 0
  /// The source gave out before `outSample`.
  private var sourceEnded = false
  /// The stream is past its last sample, or never has any.
  private var finished: Bool

  init(plan: AudioStreamPlan, sampleRate: Int, open: @escaping Open) {
    self.plan = plan
    self.open = open
    let rate = Int64(sampleRate)
    inSample = TimeGrid.sample(at: plan.sourceIn, rate: rate)
    outSample = TimeGrid.sample(at: plan.sourceOut, rate: rate)
    finished = plan.endSample <= plan.firstSample || outSample <= inSample
  }

  /// Adds the stream's samples for output samples `start..<start + count`, with gain and
  /// fades, into `mix` (one buffer per channel, `count` long). `scratch` holds at least `count`
  /// samples per channel. Calls must cover the output contiguously from sample 0.
  func add(
    into mix: [UnsafeMutableBufferPointer<Float>], start: Int64, count: Int,
    scratch: [UnsafeMutableBufferPointer<Float>]
  ) throws {
    let lower = max(start, plan.firstSample)
    let upper = min(start + Int64(count), plan.endSample)
    guard !finished, lower < upper else {
      if start + Int64(count) >= plan.endSample { finish() }
      return
    }
    let length = Int(upper - lower)
    if !started { try begin(at: lower - plan.firstSample) }
    try fill(scratch, count: length)
    let offset = Int(lower - start)
    for t in 0..<length {
      let factor = Float(self.factor(at: lower + Int64(t)))
      for c in 0..<mix.count {
        mix[c][offset + t] += scratch[c][t] * factor
      }
    }
    if upper >= plan.endSample { finish() }
  }

  /// Gain times both fades and both equal-power ramps at output sample `n`.
  func factor(at n: Int64) -> Double {
    var factor = plan.gain
    if let ramp = plan.crossIn, n < ramp.endSample { factor *= ramp.rising(at: n) }
    if let ramp = plan.crossOut, n >= ramp.firstSample { factor *= ramp.falling(at: n) }
    if plan.fadeInSamples > 0 && n < plan.firstSample + plan.fadeInSamples {
      factor *= Double(n - plan.firstSample) / Double(plan.fadeInSamples)
    }
    if plan.fadeOutSamples > 0 && n >= plan.endSample - plan.fadeOutSamples {
      factor *= Double(plan.endSample - n) / Double(plan.fadeOutSamples)
    }
    return factor
  }

  /// Opens the source where output offset `offset` (from `firstSample`) reads.
  private func begin(at offset: Int64) throws {
    var position = inSample + offset
    if plan.loop { position = inSample + offset % (outSample - inSample) }
    sourceSample = position
    sourceEnded = false
    started = true
    if position < outSample { source = try open(plan, position) }
  }

  /// Reads the next `count` samples of the stream into `buffers`, silence where there are none.
  private func fill(_ buffers: [UnsafeMutableBufferPointer<Float>], count: Int) throws {
    var done = 0
    while done < count {
      if plan.loop && sourceSample >= outSample {
        source = nil
        sourceSample = inSample
        sourceEnded = false
        source = try open(plan, inSample)
      }
      let wanted = Int(min(Int64(count - done), max(0, outSample - sourceSample)))
      guard wanted > 0 || plan.loop else {
        silence(buffers, from: done, to: count)
        source = nil
        return
      }
      var got = 0
      if !sourceEnded, let source {
        let parts = buffers.map { rebase($0, done, wanted) }
        got = try read(source, into: parts, count: wanted)
        Self.bound(parts, count: got)
        if got < wanted {
          sourceEnded = true
          if !plan.loop { self.source = nil }
        }
      }
      silence(buffers, from: done + got, to: done + wanted)
      sourceSample += Int64(wanted)
      done += wanted
    }
  }

  /// Reads from the source; a decoding failure names the stream, its file and the layer or
  /// track it belongs to, which the mixer's caller (the encoder's thread) cannot know.
  private func read(
    _ source: AudioSamples, into buffers: [UnsafeMutableBufferPointer<Float>], count: Int
  ) throws -> Int {
    do {
      return try source.read(into: buffers, count: count)
    } catch let failure as RenderFailure {
      throw failure
    } catch {
      throw RenderFailure(
        "decoding audio stream \(plan.audioStream) of '\(plan.source)' failed: \(error)",
        audio: plan)
    }
  }

  /// The largest magnitude a source sample is mixed at: 2⁶⁴, 385 dB over full scale, far past
  /// any real sound, yet small enough that the mix's Float sum can never overflow to an
  /// infinity (which the encoder refuses): even a million streams at the largest gain, +40 dB,
  /// sum under 2⁹¹, and Float holds 2¹²⁷. A float file can hold samples up to ±3.4e38.
  static let sampleLimit: Float = 0x1p64

  /// Brings every sample of `buffers[c][0..<count]` within ±`sampleLimit`.
  private static func bound(_ buffers: [UnsafeMutableBufferPointer<Float>], count: Int) {
    for buffer in buffers {
      for t in 0..<count where abs(buffer[t]) > sampleLimit {
        buffer[t] = buffer[t] > 0 ? sampleLimit : -sampleLimit
      }
    }
  }

  private func finish() {
    finished = true
    source = nil
  }

  private func rebase(
    _ buffer: UnsafeMutableBufferPointer<Float>, _ from: Int, _ count: Int
  ) -> UnsafeMutableBufferPointer<Float> {
    UnsafeMutableBufferPointer(rebasing: buffer[from..<from + count])
  }

  private func silence(_ buffers: [UnsafeMutableBufferPointer<Float>], from: Int, to: Int) {
    guard from < to else { return }
    for buffer in buffers { rebase(buffer, from, to - from).update(repeating: 0) }
  }
}

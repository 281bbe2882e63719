import Media
import RenderPlan
import Timeline

/// The render's sound: the plan's audio streams decoded, mixed and limited, handed to the
/// writer in step with the video so the two interleave in the file, and ending on exactly the
/// plan's sample count.
final class AudioTimeline {
  private let mixer: AudioMixer
  private let fps: Rational
  private let rate: Int64
  private let sampleCount: Int64
  private let channels: Int
  private var written: Int64 = 0
  private let damage: AudioDamage
  /// One buffer of `chunk` samples per channel, owned for the timeline's life (pointers into
  /// Swift arrays may not outlive the closure that lends them).
  private let buffers: [UnsafeMutableBufferPointer<Float>]

  /// Nil when the plan has no audio stream: the movie then has no audio track.
  init?(plan: RenderPlan) {
    guard !plan.audio.isEmpty else { return nil }
    let format = plan.output.audio
    let directory = plan.directory
    fps = plan.output.fps
    rate = Int64(format.sampleRate)
    sampleCount = format.sampleCount
    channels = format.channels
    buffers = (0..<format.channels).map { _ in
      UnsafeMutableBufferPointer<Float>.allocate(capacity: Self.chunk)
    }
    let damage = AudioDamage()
    self.damage = damage
    mixer = AudioMixer(streams: plan.audio, format: format) { stream, from in
      let path = plan.resolvedPath(stream.source)
      do throws(MediaError) {
        let reader = try AudioStreamReader(
          path: path, audioStream: stream.audioStream, sampleRate: format.sampleRate,
          channels: format.channels, from: from)
        damage.track(reader, for: stream)
        return reader
      } catch {
        throw RenderFailure(
          "cannot decode audio stream \(stream.audioStream) of '\(stream.source)': \(error)",
          audio: stream)
      }
    }
  }

  deinit {
    for buffer in buffers { buffer.deallocate() }
  }

  /// Samples per channel mixed and written at a time.
  private static let chunk = 4096

  /// The encoding the writer needs for this timeline.
  static func encoding(_ plan: RenderPlan) -> AudioEncoding {
    AudioEncoding(
      sampleRate: plan.output.audio.sampleRate, channels: plan.output.audio.channels,
      bitRate: plan.output.audio.bitrate)
  }

  /// Samples the mix had to clip (with the limiter off).
  var clippedSamples: Int { mixer.clippedSamples }

  /// Warnings for streams whose decoder skipped damaged packets, at their owners.
  var warnings: [RenderFailure] { damage.warnings }

  /// Writes the sound up to the end of video frame `k` (exclusive end `k + 1`).
  func write(throughFrame k: Int64, to writer: MovieWriter) throws {
    let end = min(sampleCount, TimeGrid.sample(at: Rational(k + 1) / fps, rate: rate))
    while written < end {
      let count = Int(min(Int64(Self.chunk), end - written))
      try fill(count)
      try writeBuffers(count, to: writer)
      written += Int64(count)
    }
  }

  /// Writes whatever is left of the sound (all of it is due once the last frame is written).
  func finish(to writer: MovieWriter) throws {
    while written < sampleCount {
      let count = Int(min(Int64(Self.chunk), sampleCount - written))
      try fill(count)
      try writeBuffers(count, to: writer)
      written += Int64(count)
    }
  }

  private func fill(_ count: Int) throws {
    let parts = buffers.map { UnsafeMutableBufferPointer(rebasing: $0[0..<count]) }
    for part in parts { part.initialize(repeating: 0) }
    try mixer.mix(into: parts, count: count)
  }

  private func writeBuffers(_ count: Int, to writer: MovieWriter) throws {
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

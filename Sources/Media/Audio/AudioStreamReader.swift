import Timeline

/// Decodes one audio stream of a file and resamples it with libswresample to float planar at
/// `sampleRate` Hz with `channels` channels (libswresample's default matrix: a mono source
/// lands in both channels of a stereo output at −3 dB each).
///
/// Time 0 is the file's first video frame when it has video, as for the picture, else the
/// stream's first sample; a stream that starts later is preceded by silence, one that starts
/// earlier loses its lead. The priming samples the container tells the decoder to drop are
/// gone before that. After the first, samples follow one another without regard to timestamps.
/// A NaN or infinite sample (a float file can hold one) is read as silence, before anything
/// else sees it.
public final class AudioStreamReader {
  /// Which channels a reader gives out.
  public enum Layout: Sendable, Equatable {
    /// FFmpeg's default layout for this many channels (1 is mono, 2 stereo, 6 is 5.1),
    /// remixed from the stream's own by libswresample's default matrix: what the mix reads.
    case standard(channels: Int)
    /// The stream's own channels in its own order, each as it is, without a remix: what a
    /// meter reads, weighting each by its place.
    case asRecorded
  }

  /// The output rate in Hz.
  public let sampleRate: Int
  /// The output channel count.
  public let channels: Int
  /// Where each output channel plays, in order; nil when the stream read `asRecorded` only
  /// counts its channels (then they are given out in the file's order, unweighted by place).
  public let channelPositions: [ChannelPosition]?

  private let frames: AudioFrameReader
  private let outputLayout: AudioChannelLayout
  private var resampler: AudioResampler?
  private var queue: AudioSampleQueue
  /// True once the decoder and the resampler have given out everything.
  private var finished = false

  /// Opens audio stream `audioStream` of the local file at `path`, counted among its audio
  /// streams (0 is the first, as in `MediaInfo.audio`), to read forward from output sample
  /// `from` (an index at the output rate from time 0). It decodes from the start and drops
  /// the samples before `from`, so the position is exact whatever the codec.
  ///
  /// Throws `MediaError.notMedia` naming the path when the file has no such audio stream.
  /// `sampleRate` and `channels` must be positive and `from` not negative.
  public convenience init(
    path: String, audioStream: Int, sampleRate: Int, channels: Int, from: Int64 = 0
  ) throws(MediaError) {
    try self.init(
      path: path, audioStream: audioStream, sampleRate: sampleRate,
      layout: .standard(channels: channels), from: from)
  }

  /// Opens audio stream `audioStream` of `path` as `init(path:audioStream:sampleRate:channels:from:)`
  /// does, giving out the channels `layout` names.
  public init(
    path: String, audioStream: Int, sampleRate: Int, layout: Layout, from: Int64 = 0
  ) throws(MediaError) {
    precondition(sampleRate > 0 && from >= 0, "invalid audio reader settings")
    self.sampleRate = sampleRate
    frames = try AudioFrameReader(path: path, audioStream: audioStream)
    switch layout {
    case .standard(let channels):
      precondition(channels > 0, "a reader needs channels")
      outputLayout = AudioChannelLayout(defaultFor: channels)
      channelPositions = ChannelPosition.standardLayout(channels: channels)
    case .asRecorded:
      outputLayout = frames.declaredLayout
      channelPositions = frames.declaredPositions
    }
    channels = Int(outputLayout.layout.nb_channels)
    queue = AudioSampleQueue(channels: channels, skipping: from)
  }

  /// Packets or frames the decoder rejected as invalid data and that were skipped.
  public var skippedPackets: Int { frames.skippedPackets }

  /// Fills `buffers[c][0..<count]` for each output channel c with the next samples; returns
  /// how many samples per channel were written: `count` except at the end of the stream (then
  /// fewer, and 0 after). There must be one buffer per channel, each holding `count` samples.
  public func read(into buffers: [UnsafeMutableBufferPointer<Float>], count: Int)
    throws(MediaError) -> Int
  {
    precondition(buffers.count == channels, "one buffer per output channel")
    precondition(count >= 0 && buffers.allSatisfy { $0.count >= count }, "buffers too small")
    while queue.count < count, !finished {
      try convertNextFrame()
    }
    return queue.take(into: buffers, count: count)
  }

  /// Decodes one frame and resamples it into the queue; at the end of the stream, flushes
  /// the resampler instead.
  private func convertNextFrame() throws(MediaError) {
    guard let frame = try frames.nextFrame() else {
      try resampler?.flush(into: &queue)
      finished = true
      return
    }
    try frame.silenceNonFiniteSamples()
    if let resampler, try resampler.accepts(frame) {
      try resampler.convert(frame, into: &queue)
      return
    }
    if resampler == nil {
      // The first frame is output sample `lead` of the file's timeline: reading from `from`
      // drops `from − lead` decoded samples, or starts with `lead − from` of silence.
      let lead = (frames.offset(of: frame) * Rational(Int64(sampleRate))).rounded
      queue.shiftStart(by: lead)
    }
    // The first frame, or a change of format midway: what the old resampler holds comes first.
    try resampler?.flush(into: &queue)
    let next = try AudioResampler(from: frame, to: sampleRate, layout: outputLayout)
    resampler = next
    try next.convert(frame, into: &queue)
  }
}

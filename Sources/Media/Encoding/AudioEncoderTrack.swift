internal import CFFmpeg

/// The sound side of a `MovieWriter`: collects float planar samples in whatever amounts the
/// caller has, and encodes them in the encoder's fixed frame size.
///
/// AAC and Opus encoders start with priming (their `initial_padding`), so their first packet
/// has a negative timestamp; MP4's and MOV's muxer turns that into an edit list (and Opus's
/// pre-skip), which makes the first real sample play at `t = 0`. Matroska and WebM have no
/// edit list, and their muxer would instead delay every stream, the video included, by the
/// priming; there the packets are moved to start at 0 instead. Opus's priming is then its
/// `CodecDelay`, which the muxer writes and players skip, so the first real sample still
/// plays at 0. AAC has no such field in Matroska: its priming plays, so the mix is handed to
/// the encoder from sample `initial_padding` on, and the priming (silence) stands in for
/// the mix's first 1,024 samples, keeping every later sample at its time.
final class AudioEncoderTrack {
  /// The settings it was opened with.
  let encoding: AudioEncoding
  /// The encoder and its stream.
  let output: EncodedStream
  private let frame: AudioEncoderFrame
  /// Samples per channel not yet encoded, fewer than one frame between calls.
  private var pending: [[Float]]
  /// Samples per channel handed to the encoder so far: the next chunk's timestamp.
  private var samplesSent: Int64 = 0
  /// Samples per channel of the mix still to leave out before the encoder takes any (AAC's
  /// priming in Matroska).
  private var samplesToSkip: Int

  /// Opens the encoder for `encoding` and adds its stream to `format`; `matroska`: whether
  /// the file is Matroska or WebM, whose priming is placed at 0.
  init(_ encoding: AudioEncoding, format: OutputFormatContext, matroska: Bool)
    throws(MediaError)
  {
    let encoder = try EncoderContext.audio(encoding, globalHeader: format.wantsGlobalHeader)
    self.encoding = encoding
    self.output = try EncodedStream(encoder: encoder, format: format)
    self.frame = try AudioEncoderFrame(for: encoder)
    self.pending = Array(repeating: [], count: encoding.channels)
    let priming = matroska ? Int(encoder.pointer.pointee.initial_padding) : 0
    output.timestampShift = Int64(priming)
    samplesToSkip = encoding.codec == .opus ? 0 : priming
  }

  /// Takes `channels` (one buffer per channel, all the same length) and encodes every full
  /// frame that makes.
  func append(
    _ channels: [UnsafeBufferPointer<Float>], to format: OutputFormatContext,
    using packet: Packet
  ) throws(MediaError) {
    let skipped = min(samplesToSkip, channels.first?.count ?? 0)
    samplesToSkip -= skipped
    for (index, channel) in channels.enumerated() {
      pending[index].append(contentsOf: channel.dropFirst(skipped))
    }
    var offset = 0
    while pending[0].count - offset >= frame.capacity {
      try encode(offset: offset, count: frame.capacity, to: format, using: packet)
      offset += frame.capacity
    }
    if offset > 0 {
      for index in pending.indices {
        pending[index].removeFirst(offset)
      }
    }
  }

  /// Encodes the last, short frame (the encoder marks its real length) and flushes.
  func finish(to format: OutputFormatContext, using packet: Packet) throws(MediaError) {
    if !pending[0].isEmpty {
      try encode(offset: 0, count: pending[0].count, to: format, using: packet)
      for index in pending.indices {
        pending[index].removeAll()
      }
    }
    try output.send(nil, to: format, using: packet)
  }

  private func encode(
    offset: Int, count: Int, to format: OutputFormatContext, using packet: Packet
  ) throws(MediaError) {
    try frame.fill(from: pending, offset: offset, count: count, pts: samplesSent)
    samplesSent += Int64(count)
    try output.send(frame.pointer, to: format, using: packet)
  }
}

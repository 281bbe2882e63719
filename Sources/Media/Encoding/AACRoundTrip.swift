internal import CFFmpeg

/// Encodes float planar samples to AAC exactly as a `MovieWriter`'s audio track does (the same
/// encoder, settings and frame cuts), decodes the packets straight back, and hands the decoded
/// samples to `heard`: what a viewer's player will play, known before the movie is written.
/// FFmpeg's AAC encoder is deterministic, so the movie's sound decodes to these same samples.
///
/// A true-peak ceiling is a promise about the decoded sound, and AAC's quantisation can put
/// peaks back over a limited mix (most at sharp onsets): this is how the render checks it.
public final class AACRoundTrip {
  private let encoder: EncoderContext
  private let decoder: UnsafeMutablePointer<AVCodecContext>
  private let frame: AudioEncoderFrame
  private let decoded: UnsafeMutablePointer<AVFrame>
  private let packet: Packet
  private let channels: Int
  private var pending: [[Float]]
  private var samplesSent: Int64 = 0
  private let heard: ([UnsafeBufferPointer<Float>], Int64) -> Void
  /// The decoded sample the next decoded frame starts at, counted from the first input sample
  /// (the encoder's priming comes first, at negative positions).
  private var decodedPosition: Int64 = 0

  /// Opens the encoder and a decoder for `encoding`; `heard` receives each decoded frame's
  /// channels and the input sample its first sample stands for (negative for the priming the
  /// player trims away).
  public init(
    _ encoding: AudioEncoding,
    heard: @escaping (_ channels: [UnsafeBufferPointer<Float>], _ at: Int64) -> Void
  ) throws(MediaError) {
    // As for MP4 and MOV: the stream's configuration goes in the extradata, where the decoder
    // below reads it.
    encoder = try EncoderContext.aac(encoding, globalHeader: true)
    let context = encoder.pointer
    decodedPosition = -Int64(context.pointee.initial_padding)
    frame = try AudioEncoderFrame(for: encoder)
    packet = try Packet()
    guard let codec = avcodec_find_decoder(AV_CODEC_ID_AAC),
      let decoder = avcodec_alloc_context3(codec)
    else { throw .outOfMemory("avcodec_alloc_context3") }
    self.decoder = decoder
    guard let decoded = av_frame_alloc() else {
      var context: UnsafeMutablePointer<AVCodecContext>? = decoder
      avcodec_free_context(&context)
      throw .outOfMemory("av_frame_alloc")
    }
    self.decoded = decoded
    channels = encoding.channels
    pending = Array(repeating: [], count: encoding.channels)
    self.heard = heard
    let params = avcodec_parameters_alloc()
    defer {
      var p = params
      avcodec_parameters_free(&p)
    }
    try check(avcodec_parameters_from_context(params, context), "avcodec_parameters_from_context")
    try check(avcodec_parameters_to_context(decoder, params), "avcodec_parameters_to_context")
    decoder.pointee.request_sample_fmt = AV_SAMPLE_FMT_FLTP
    try check(avcodec_open2(decoder, codec, nil), "avcodec_open2")
  }

  deinit {
    var context: UnsafeMutablePointer<AVCodecContext>? = decoder
    avcodec_free_context(&context)
    var frame: UnsafeMutablePointer<AVFrame>? = decoded
    av_frame_free(&frame)
  }

  /// Samples per channel in one AAC frame (1024 for AAC-LC).
  public var frameSize: Int { frame.capacity }

  /// Takes the next samples, one buffer per channel, all the same length.
  public func append(_ input: [UnsafeBufferPointer<Float>]) throws(MediaError) {
    for (index, channel) in input.enumerated() { pending[index].append(contentsOf: channel) }
    var offset = 0
    while pending[0].count - offset >= frame.capacity {
      try encode(offset: offset, count: frame.capacity)
      offset += frame.capacity
    }
    if offset > 0 {
      for index in pending.indices { pending[index].removeFirst(offset) }
    }
  }

  /// Encodes the last, short frame and flushes both the encoder and the decoder.
  public func finish() throws(MediaError) {
    if !pending[0].isEmpty {
      try encode(offset: 0, count: pending[0].count)
      for index in pending.indices { pending[index].removeAll() }
    }
    try sendToEncoder(nil)
    try check(avcodec_send_packet(decoder, nil), "avcodec_send_packet")
    try drainDecoder()
  }

  private func encode(offset: Int, count: Int) throws(MediaError) {
    try frame.fill(from: pending, offset: offset, count: count, pts: samplesSent)
    samplesSent += Int64(count)
    try sendToEncoder(frame.pointer)
  }

  private func sendToEncoder(_ input: UnsafeMutablePointer<AVFrame>?) throws(MediaError) {
    if try encoder.send(input) == .tryAgain {
      try drainEncoder()
      try check(avcodec_send_frame(encoder.pointer, input), "avcodec_send_frame")
    }
    try drainEncoder()
  }

  /// Every packet the encoder has ready goes straight into the decoder.
  private func drainEncoder() throws(MediaError) {
    while try encoder.receive(into: packet) == .ready {
      defer { packet.clear() }
      try check(avcodec_send_packet(decoder, packet.pointer), "avcodec_send_packet")
      try drainDecoder()
    }
  }

  private func drainDecoder() throws(MediaError) {
    while try checkStep(avcodec_receive_frame(decoder, decoded), "avcodec_receive_frame")
      == .ready
    {
      defer { av_frame_unref(decoded) }
      let count = Int(decoded.pointee.nb_samples)
      guard decoded.pointee.format == AV_SAMPLE_FMT_FLTP.rawValue,
        let planes = decoded.pointee.extended_data
      else {
        throw .ffmpeg(
          call: "avcodec_receive_frame", code: -1,
          message: "the AAC decoder gave samples that are not float planar")
      }
      let buffers = (0..<channels).map { c in
        UnsafeBufferPointer(
          start: planes[c].map { UnsafeRawPointer($0).assumingMemoryBound(to: Float.self) },
          count: count)
      }
      heard(buffers, decodedPosition)
      decodedPosition += Int64(count)
    }
  }
}

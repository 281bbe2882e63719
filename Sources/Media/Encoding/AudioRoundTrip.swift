internal import CFFmpeg

/// Encodes float planar samples exactly as a `MovieWriter`'s audio track does (the same
/// codec, encoder, settings and frame cuts), decodes the packets straight back, and hands the
/// decoded samples to `heard`: what a viewer's player will play, known before the movie is
/// written. The encoders are deterministic, so the movie's sound decodes to these same samples.
///
/// A true-peak ceiling is a promise about the decoded sound, and a lossy codec's quantisation
/// (AAC's, Opus's) can put peaks back over a limited mix (most at sharp onsets): this is how
/// the render checks it. A lossless codec (FLAC, PCM) gives back the mix rounded to 24 bits.
public final class AudioRoundTrip {
  private let encoder: EncoderContext
  private let decoder: UnsafeMutablePointer<AVCodecContext>
  private let frame: AudioEncoderFrame
  private let decoded: UnsafeMutablePointer<AVFrame>
  private let packet: Packet
  private let channels: Int
  private var pending: [[Float]]
  /// Each decoded frame's samples as float, one buffer per channel.
  private var floatPlanes: [UnsafeMutablePointer<Float>] = []
  private var floatCapacity = 0
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
    encoder = try EncoderContext.audio(encoding, globalHeader: true)
    let context = encoder.pointer
    decodedPosition = -Int64(context.pointee.initial_padding)
    frame = try AudioEncoderFrame(for: encoder)
    packet = try Packet()
    guard let codec = avcodec_find_decoder(context.pointee.codec_id),
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
    for plane in floatPlanes { plane.deallocate() }
    var context: UnsafeMutablePointer<AVCodecContext>? = decoder
    avcodec_free_context(&context)
    var frame: UnsafeMutablePointer<AVFrame>? = decoded
    av_frame_free(&frame)
  }

  /// Samples per channel in one encoder frame (1024 for AAC-LC, 960 for Opus at 48 kHz).
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
      try floats(of: decoded, count: count)
      let buffers = floatPlanes.map { UnsafeBufferPointer(start: $0, count: count) }
      heard(buffers, decodedPosition)
      decodedPosition += Int64(count)
    }
  }

  /// Copies `frame`'s samples, in whatever format the decoder gave them, into `floatPlanes`
  /// as float from −1 to 1.
  private func floats(of frame: UnsafeMutablePointer<AVFrame>, count: Int) throws(MediaError) {
    if count > floatCapacity {
      for plane in floatPlanes { plane.deallocate() }
      floatPlanes = (0..<channels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: count)
      }
      floatCapacity = count
    }
    guard let planes = frame.pointee.extended_data else {
      throw .ffmpeg(call: "avcodec_receive_frame", code: -1, message: "a frame without samples")
    }
    let format = AVSampleFormat(rawValue: frame.pointee.format)
    let planar = av_sample_fmt_is_planar(format) != 0
    func sample<T>(_ type: T.Type, _ c: Int, _ i: Int) -> T {
      let base = UnsafeRawPointer(planes[planar ? c : 0]!)
      return base.load(
        fromByteOffset: (planar ? i : i * channels + c) * MemoryLayout<T>.stride, as: T.self)
    }
    for c in 0..<channels {
      let out = floatPlanes[c]
      switch format {
      case AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_FLT:
        for i in 0..<count { out[i] = sample(Float.self, c, i) }
      case AV_SAMPLE_FMT_S32P, AV_SAMPLE_FMT_S32:
        for i in 0..<count { out[i] = Float(Double(sample(Int32.self, c, i)) / 2_147_483_648) }
      case AV_SAMPLE_FMT_S16P, AV_SAMPLE_FMT_S16:
        for i in 0..<count { out[i] = Float(sample(Int16.self, c, i)) / 32768 }
      default:
        throw .ffmpeg(
          call: "avcodec_receive_frame", code: -1,
          message: "the decoder gave samples in an unexpected format (\(format.rawValue))")
      }
    }
  }
}

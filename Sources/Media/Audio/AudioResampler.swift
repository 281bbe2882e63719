internal import CFFmpeg

/// An open libswresample context converting one input format (sample format, rate and channel
/// layout) to float planar at the output rate and layout; owns the SwrContext and frees it on
/// release. libswresample's default matrix does the remix (a mono source lands in both
/// channels of a stereo output at −3 dB).
final class AudioResampler {
  private let context: OpaquePointer
  private let inputFormat: Int32
  private let inputRate: Int32
  private let inputLayout: AudioChannelLayout
  private let outputChannels: Int
  /// Where `swr_convert` writes: channel c's samples start at `c × scratchStride`.
  private var scratch: [Float] = []
  private var scratchStride = 0

  /// A resampler from the format of `frame` to float planar at `rate` Hz in `layout`.
  init(from frame: DecoderFrame, to rate: Int, layout: AudioChannelLayout) throws(MediaError) {
    let input = frame.pointer.pointee
    let inputLayout = try AudioChannelLayout(of: frame)
    var context: OpaquePointer? = nil
    // On failure swr_alloc_set_opts2 frees the context and sets it to nil.
    try check(
      swr_alloc_set_opts2(
        &context, &layout.layout, AV_SAMPLE_FMT_FLTP, Int32(rate),
        &inputLayout.layout, AVSampleFormat(rawValue: input.format), input.sample_rate, 0, nil),
      "swr_alloc_set_opts2")
    guard let context else { throw .outOfMemory("swr_alloc_set_opts2") }
    // From here on deinit frees the context, whichever call below throws.
    self.context = context
    self.inputFormat = input.format
    self.inputRate = input.sample_rate
    self.inputLayout = inputLayout
    self.outputChannels = Int(layout.layout.nb_channels)
    try check(swr_init(context), "swr_init")
  }

  /// True when `frame` has the format this resampler was made for; a stream that changes
  /// format midway needs a new one.
  func accepts(_ frame: DecoderFrame) throws(MediaError) -> Bool {
    let input = frame.pointer.pointee
    guard input.format == inputFormat, input.sample_rate == inputRate else { return false }
    return try AudioChannelLayout(of: frame).matches(inputLayout)
  }

  /// Converts all of `frame` and appends what comes out (the resampler may hold back a few
  /// samples until it sees what follows them).
  func convert(_ frame: DecoderFrame, into queue: inout AudioSampleQueue) throws(MediaError) {
    let input = frame.pointer.pointee
    let planes = UnsafeMutableRawPointer(input.extended_data)?
      .assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
    _ = try run(planes, count: input.nb_samples, into: &queue)
  }

  /// Appends every sample the resampler still holds, at the end of the stream.
  func flush(into queue: inout AudioSampleQueue) throws(MediaError) {
    while try run(nil, count: 0, into: &queue) > 0 {}
  }

  /// One `swr_convert` call into the scratch buffer, its output appended to `queue`; returns
  /// how many samples per channel came out.
  private func run(
    _ planes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int32,
    into queue: inout AudioSampleQueue
  ) throws(MediaError) -> Int {
    let capacity = Int(try check(swr_get_out_samples(context, count), "swr_get_out_samples"))
    guard capacity > 0 else { return 0 }
    if capacity > scratchStride {
      scratchStride = capacity
      scratch = Array(repeating: 0, count: capacity * outputChannels)
    }
    let stride = scratchStride
    let code = scratch.withUnsafeMutableBufferPointer { buffer in
      var outputs = (0..<outputChannels).map { channel -> UnsafeMutablePointer<UInt8>? in
        UnsafeMutableRawPointer(buffer.baseAddress! + channel * stride)
          .assumingMemoryBound(to: UInt8.self)
      }
      return swr_convert(context, &outputs, Int32(capacity), planes, count)
    }
    let written = Int(try check(code, "swr_convert"))
    scratch.withUnsafeBufferPointer { queue.append($0, stride: stride, count: written) }
    return written
  }

  deinit {
    var context: OpaquePointer? = context
    swr_free(&context)
  }
}

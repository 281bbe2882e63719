internal import CFFmpeg

extension DecoderFrame {
  /// Replaces every NaN and infinite sample of a decoded float or double audio frame with 0,
  /// silence, as soon as it is decoded. Only floating-point formats can hold them (a float WAV
  /// can, by mistake or by malice), and one would otherwise spread through the resampler's
  /// filter, poison the mix and the loudness meter, and make the AAC encoder refuse the frame.
  /// Integer formats are left alone, and a frame with nothing to replace is only read.
  func silenceNonFiniteSamples() throws(MediaError) {
    let format = AVSampleFormat(rawValue: pointer.pointee.format)
    switch format {
    case AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP:
      try silenceNonFinite(Float.self, planar: format == AV_SAMPLE_FMT_FLTP)
    case AV_SAMPLE_FMT_DBL, AV_SAMPLE_FMT_DBLP:
      try silenceNonFinite(Double.self, planar: format == AV_SAMPLE_FMT_DBLP)
    default:
      return
    }
  }

  private func silenceNonFinite<Sample: BinaryFloatingPoint>(_: Sample.Type, planar: Bool)
    throws(MediaError)
  {
    guard
      samplePlanes(Sample.self, planar: planar).contains(where: { plane in
        plane.contains { !$0.isFinite }
      })
    else { return }
    // Only now, with something to replace, is the frame made writable (copied, if the decoder
    // still shares its buffers); its planes may move.
    try check(av_frame_make_writable(pointer), "av_frame_make_writable")
    for plane in samplePlanes(Sample.self, planar: planar) {
      for i in plane.indices where !plane[i].isFinite { plane[i] = 0 }
    }
  }

  /// The frame's samples: one buffer per channel when planar, else one interleaved buffer.
  private func samplePlanes<Sample>(_: Sample.Type, planar: Bool)
    -> [UnsafeMutableBufferPointer<Sample>]
  {
    let frame = pointer.pointee
    let channels = Int(frame.ch_layout.nb_channels)
    let count = Int(frame.nb_samples) * (planar ? 1 : channels)
    guard let data = frame.extended_data, count > 0 else { return [] }
    return (0..<(planar ? channels : 1)).compactMap { index in
      data[index].map {
        UnsafeMutableBufferPointer(
          start: UnsafeMutableRawPointer($0).assumingMemoryBound(to: Sample.self), count: count)
      }
    }
  }
}

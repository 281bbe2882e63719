internal import CFFmpeg
import Timeline

extension AudioStreamInfo {
  /// Reads the facts of an audio stream after `avformat_find_stream_info`; nil if FFmpeg left
  /// the stream without codec parameters.
  init?(stream: UnsafeMutablePointer<AVStream>, in format: FormatContext) {
    guard let parameters = stream.pointee.codecpar?.pointee else { return nil }
    self.init(
      streamIndex: Int(stream.pointee.index),
      codec: String(cString: avcodec_get_name(parameters.codec_id)),
      sampleRate: Int(parameters.sample_rate),
      channels: Int(parameters.ch_layout.nb_channels),
      channelLayout: Self.describe(parameters.ch_layout),
      duration: StreamTiming.duration(of: stream, in: format)
    )
  }

  /// FFmpeg's name for a channel layout ("stereo", "5.1", or "3 channels" when unordered).
  private static func describe(_ layout: AVChannelLayout) -> String {
    withUnsafePointer(to: layout) { layout in
      var buffer = [CChar](repeating: 0, count: 64)
      // The call returns the size it needs, which can exceed the buffer for a custom layout.
      let needed = av_channel_layout_describe(layout, &buffer, buffer.count)
      guard needed >= 0 else { return "unknown" }
      if Int(needed) > buffer.count {
        buffer = [CChar](repeating: 0, count: Int(needed))
        guard av_channel_layout_describe(layout, &buffer, buffer.count) >= 0 else {
          return "unknown"
        }
      }
      return String(nulTerminated: buffer)
    }
  }
}

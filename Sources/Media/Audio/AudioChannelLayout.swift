internal import CFFmpeg

/// One owned AVChannelLayout; a custom layout holds an allocated channel map, which is freed
/// (with `av_channel_layout_uninit`) on release.
final class AudioChannelLayout {
  /// The layout; valid for the object's lifetime.
  var layout = AVChannelLayout()

  /// FFmpeg's default layout for `channels` channels: mono, stereo, 5.1 for 6, and so on.
  init(defaultFor channels: Int) {
    av_channel_layout_default(&layout, Int32(channels))
  }

  /// A copy of `source`; an unspecified layout (only a channel count) becomes the default
  /// layout for that count, so that libswresample knows where each channel goes.
  init(copying source: UnsafePointer<AVChannelLayout>) throws(MediaError) {
    if source.pointee.order == AV_CHANNEL_ORDER_UNSPEC {
      av_channel_layout_default(&layout, source.pointee.nb_channels)
    } else {
      try check(av_channel_layout_copy(&layout, source), "av_channel_layout_copy")
    }
  }

  /// A copy of a decoded frame's layout, as `init(copying:)` makes it.
  convenience init(of frame: DecoderFrame) throws(MediaError) {
    try self.init(copying: &frame.pointer.pointee.ch_layout)
  }

  /// True when `other` names the same channels in the same order.
  func matches(_ other: AudioChannelLayout) -> Bool {
    av_channel_layout_compare(&layout, &other.layout) == 0
  }

  deinit {
    av_channel_layout_uninit(&layout)
  }
}

internal import CFFmpeg

/// Where one channel of a layout plays, as FFmpeg names it: what a loudness meter needs to
/// weight it (BS.1770 counts the surrounds louder and leaves the LFE out).
public enum ChannelPosition: Sendable, Equatable {
  case frontLeft, frontRight, frontCenter, lowFrequency, backLeft, backRight
  case frontLeftOfCenter, frontRightOfCenter, backCenter, sideLeft, sideRight
  case topCenter, topFrontLeft, topFrontCenter, topFrontRight
  case topBackLeft, topBackCenter, topBackRight, stereoLeft, stereoRight
  case wideLeft, wideRight, surroundDirectLeft, surroundDirectRight, lowFrequency2
  case topSideLeft, topSideRight, bottomFrontCenter, bottomFrontLeft, bottomFrontRight
  /// A channel the layout does not place (a custom map's unused or unknown entry).
  case unknown

  /// The channels of FFmpeg's default layout for `count` channels, in order: mono, stereo,
  /// 2.1, 4.0, 5.0, 5.1, 6.1, 7.1 and so on (what the mixer and the encoder use).
  public static func standardLayout(channels count: Int) -> [ChannelPosition] {
    let layout = AudioChannelLayout(defaultFor: count)
    return positions(of: &layout.layout) ?? Array(repeating: .unknown, count: count)
  }

  /// Each channel's position in `layout`, in order; nil when the layout only counts its
  /// channels (FFmpeg's "unspecified" order, such as a plain WAV of more than two channels) or
  /// describes a sound field rather than speakers (ambisonics).
  static func positions(of layout: UnsafePointer<AVChannelLayout>) -> [ChannelPosition]? {
    switch layout.pointee.order {
    case AV_CHANNEL_ORDER_NATIVE, AV_CHANNEL_ORDER_CUSTOM:
      return (0..<layout.pointee.nb_channels).map { index in
        ChannelPosition(av_channel_layout_channel_from_index(layout, UInt32(index)))
      }
    default:
      return nil
    }
  }

  init(_ channel: AVChannel) {
    self =
      switch channel {
      case AV_CHAN_FRONT_LEFT: .frontLeft
      case AV_CHAN_FRONT_RIGHT: .frontRight
      case AV_CHAN_FRONT_CENTER: .frontCenter
      case AV_CHAN_LOW_FREQUENCY: .lowFrequency
      case AV_CHAN_BACK_LEFT: .backLeft
      case AV_CHAN_BACK_RIGHT: .backRight
      case AV_CHAN_FRONT_LEFT_OF_CENTER: .frontLeftOfCenter
      case AV_CHAN_FRONT_RIGHT_OF_CENTER: .frontRightOfCenter
      case AV_CHAN_BACK_CENTER: .backCenter
      case AV_CHAN_SIDE_LEFT: .sideLeft
      case AV_CHAN_SIDE_RIGHT: .sideRight
      case AV_CHAN_TOP_CENTER: .topCenter
      case AV_CHAN_TOP_FRONT_LEFT: .topFrontLeft
      case AV_CHAN_TOP_FRONT_CENTER: .topFrontCenter
      case AV_CHAN_TOP_FRONT_RIGHT: .topFrontRight
      case AV_CHAN_TOP_BACK_LEFT: .topBackLeft
      case AV_CHAN_TOP_BACK_CENTER: .topBackCenter
      case AV_CHAN_TOP_BACK_RIGHT: .topBackRight
      case AV_CHAN_STEREO_LEFT: .stereoLeft
      case AV_CHAN_STEREO_RIGHT: .stereoRight
      case AV_CHAN_WIDE_LEFT: .wideLeft
      case AV_CHAN_WIDE_RIGHT: .wideRight
      case AV_CHAN_SURROUND_DIRECT_LEFT: .surroundDirectLeft
      case AV_CHAN_SURROUND_DIRECT_RIGHT: .surroundDirectRight
      case AV_CHAN_LOW_FREQUENCY_2: .lowFrequency2
      case AV_CHAN_TOP_SIDE_LEFT: .topSideLeft
      case AV_CHAN_TOP_SIDE_RIGHT: .topSideRight
      case AV_CHAN_BOTTOM_FRONT_CENTER: .bottomFrontCenter
      case AV_CHAN_BOTTOM_FRONT_LEFT: .bottomFrontLeft
      case AV_CHAN_BOTTOM_FRONT_RIGHT: .bottomFrontRight
      default: .unknown
      }
  }
}

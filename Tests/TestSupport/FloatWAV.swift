import Foundation

/// Writes 32-bit float WAV files byte by byte, so a test can put exactly the samples it means
/// into a file (a NaN, an infinity, a sample at ±3e38) with a channel layout of its choosing,
/// which neither the ffmpeg command's sources nor its encoders will write.
public enum FloatWAV {
  /// WAVE_FORMAT_EXTENSIBLE channel masks (the speaker bits of `dwChannelMask`).
  public enum Mask {
    /// FL FR FC BL BR, FFmpeg's "5.0".
    public static let fivePointZero: UInt32 = 0x37
    /// FL FR FC SL SR, FFmpeg's "5.0(side)".
    public static let fivePointZeroSide: UInt32 = 0x607
    /// FL FR FC LFE BL BR, FFmpeg's "5.1".
    public static let fivePointOne: UInt32 = 0x3F
    /// FL FR FC BC SL SR, FFmpeg's "6.0": six channels, none of them an LFE.
    public static let sixPointZero: UInt32 = 0x707
    /// FL FR FC LFE BL BR SL SR, FFmpeg's "7.1".
    public static let sevenPointOne: UInt32 = 0x63F
  }

  /// Writes `channels` (one array of samples each, all the same length) at `rate` Hz to
  /// `path`: a plain IEEE-float WAV when `mask` is nil (FFmpeg then knows only the channel
  /// count), else WAVE_FORMAT_EXTENSIBLE with that channel mask.
  public static func write(
    _ channels: [[Float]], rate: Int = 48000, mask: UInt32? = nil, to path: String
  ) throws {
    let count = channels.first?.count ?? 0
    precondition(channels.allSatisfy { $0.count == count }, "channels of one length")
    let blockAlign = 4 * channels.count
    var format = LittleEndianBytes()
    format.u16(mask == nil ? 3 : 0xFFFE)
    format.u16(channels.count)
    format.u32(rate)
    format.u32(rate * blockAlign)
    format.u16(blockAlign)
    format.u16(32)
    if let mask {
      format.u16(22)
      format.u16(32)
      format.u32(Int(mask))
      // KSDATAFORMAT_SUBTYPE_IEEE_FLOAT.
      format.u32(3)
      format.u16(0)
      format.u16(0x10)
      format.bytes.append(contentsOf: [0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
    }
    var samples = LittleEndianBytes()
    samples.bytes.reserveCapacity(count * blockAlign)
    for n in 0..<count {
      for channel in channels { samples.u32(Int(channel[n].bitPattern)) }
    }
    var file = LittleEndianBytes()
    file.tag("RIFF")
    file.u32(4 + 8 + format.bytes.count + 8 + 4 + 8 + samples.bytes.count)
    file.tag("WAVE")
    file.tag("fmt ")
    file.u32(format.bytes.count)
    file.bytes.append(format.bytes)
    // Non-PCM formats carry a fact chunk: the sample count per channel.
    file.tag("fact")
    file.u32(4)
    file.u32(count)
    file.tag("data")
    file.u32(samples.bytes.count)
    file.bytes.append(samples.bytes)
    try file.bytes.write(to: URL(fileURLWithPath: path))
  }

  private struct LittleEndianBytes {
    var bytes = Data()
    mutating func u16(_ value: Int) {
      withUnsafeBytes(of: UInt16(value).littleEndian) { bytes.append(contentsOf: $0) }
    }
    mutating func u32(_ value: Int) {
      withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) }
    }
    mutating func tag(_ name: String) { bytes.append(contentsOf: Array(name.utf8)) }
  }

  /// `seconds` of a sine at `hertz` whose peak is `dBFS`, at `rate` Hz.
  public static func sine(hertz: Double = 1000, dBFS: Double, seconds: Double, rate: Int = 48000)
    -> [Float]
  {
    let amplitude = pow(10, dBFS / 20)
    return (0..<Int((seconds * Double(rate)).rounded())).map { n in
      Float(amplitude * sin(2 * .pi * hertz * Double(n) / Double(rate)))
    }
  }
}

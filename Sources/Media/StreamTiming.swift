internal import CFFmpeg
import Timeline

/// Exact seconds from FFmpeg's integer timestamps. FFmpeg marks "unknown" with AV_NOPTS_VALUE
/// and a damaged file can hold any integer, so every step is overflow-checked and gives nil
/// rather than trapping.
enum StreamTiming {
  /// FFmpeg's "no timestamp" marker.
  static let noTimestamp = chromake_nopts_value()

  /// `ticks × timeBase` seconds, or nil when unset or when the time base is not positive
  /// (any 64-bit tick count times a 32-bit time base fits Rational's 128-bit terms).
  static func seconds(_ ticks: Int64, _ timeBase: AVRational) -> Rational? {
    guard ticks != noTimestamp, timeBase.num > 0, timeBase.den > 0 else { return nil }
    return Rational(wide: Int128(ticks) * Int128(timeBase.num), Int128(timeBase.den))
  }

  /// A positive rate (frames per second, or a pixel's aspect ratio), or nil for 0/0, 0/1 and
  /// other unknown values.
  static func positive(_ value: AVRational) -> Rational? {
    guard value.num > 0, value.den > 0 else { return nil }
    return Rational(Int64(value.num), Int64(value.den))
  }

  /// A stream's length from its own first frame: its own duration when the container states
  /// one, else the container's duration less the time the stream starts after the container.
  static func duration(
    of stream: UnsafeMutablePointer<AVStream>, in format: FormatContext
  ) -> Rational? {
    let own = stream.pointee
    if own.duration > 0, let seconds = seconds(own.duration, own.time_base) {
      return seconds
    }
    let container = format.pointer.pointee
    guard container.duration > 0,
      let total = seconds(container.duration, chromake_time_base_q())
    else { return nil }
    var lead = Rational.zero
    if let streamStart = seconds(own.start_time, own.time_base),
      let containerStart = seconds(container.start_time, chromake_time_base_q())
    {
      guard let difference = difference(streamStart, containerStart) else { return nil }
      lead = difference
    }
    guard let length = difference(total, lead), !length.isNegative else { return nil }
    return length
  }

  /// The container's duration, or nil when it does not know one.
  static func duration(of format: FormatContext) -> Rational? {
    let duration = format.pointer.pointee.duration
    guard duration > 0 else { return nil }
    return seconds(duration, chromake_time_base_q())
  }

  /// `a − b`, or nil when the exact result does not fit (Rational's own operators would trap,
  /// and a damaged file must not crash the probe).
  static func difference(_ a: Rational, _ b: Rational) -> Rational? {
    Rational.sumReportingOverflow(a, -b)
  }
}

import Foundation

/// Local gain dips that keep AAC's overshoot under the true-peak ceiling where the limiter
/// alone cannot: the encoder can put a peak well over a limited mix (most at a sharp onset,
/// such as the very first frame), and a lower ceiling everywhere would only scale it along.
///
/// Each dip lowers a span of output samples by some decibels, ramping in and out over `ramp`
/// samples outside it; overlapping dips add. They come from AAC round trips
/// (`LoudnessNormalization`) and are the same for the same mix: the output stays
/// deterministic.
public struct CodecPeakDips {
  /// Samples over which a dip ramps in and out (5 ms at 48 kHz).
  static let ramp: Int64 = 240

  /// Spans and their depth in decibels (< 0), sorted by start.
  private(set) var dips: [(span: Range<Int64>, decibels: Double)] = []

  var isEmpty: Bool { dips.isEmpty }

  mutating func add(_ span: Range<Int64>, decibels: Double) {
    dips.append((span, decibels))
    dips.sort { $0.span.lowerBound < $1.span.lowerBound }
  }

  /// The dips' level in decibels at output sample `n`.
  func level(at n: Int64) -> Double {
    var level = 0.0
    for dip in dips {
      if dip.span.lowerBound - Self.ramp > n { break }
      let distance =
        n < dip.span.lowerBound
        ? dip.span.lowerBound - n : (n >= dip.span.upperBound ? n - dip.span.upperBound + 1 : 0)
      guard distance < Self.ramp else { continue }
      level += dip.decibels * (1 - Double(distance) / Double(Self.ramp))
    }
    return level
  }

  /// Scales `count` samples per channel from output sample `start`.
  func apply(to buffers: [UnsafeMutableBufferPointer<Float>], start: Int64, count: Int) {
    guard let last = dips.map({ $0.span.upperBound }).max(),
      let first = dips.first?.span.lowerBound,
      start < last + Self.ramp, start + Int64(count) > first - Self.ramp
    else { return }
    scale(buffers, start: start, count: count, decibels: level(at:))
  }
}

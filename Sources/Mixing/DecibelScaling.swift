import Foundation

/// Scales `count` samples of each channel, for output samples `start…`, by the level
/// `decibels(n)` gives (≤ 0). A sample at 0 dB is left exactly as it is, not multiplied by 1.
func scale(
  _ buffers: [UnsafeMutableBufferPointer<Float>], start: Int64, count: Int,
  decibels: (Int64) -> Double
) {
  for t in 0..<count {
    let level = decibels(start + Int64(t))
    guard level < 0 else { continue }
    let factor = Float(pow(10, level / 20))
    for buffer in buffers { buffer[t] *= factor }
  }
}

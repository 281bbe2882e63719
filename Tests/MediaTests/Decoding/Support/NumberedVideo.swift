import Foundation
import Media
import TestSupport
import Timeline

/// Test video whose frame i shows the number i, so a decoded frame says which frame it is.
///
/// Each frame is grey, 256 × 96: the top band holds 16 blocks of 16 × 32 pixels, block b white
/// when bit b of i is set and black otherwise; the band below holds the complement, so a
/// frame that is not cleanly one number (a damaged one) reads as nil rather than a wrong number.
/// The bottom band is noise, different in every frame, so packets have realistic sizes.
enum NumberedVideo {
  static let width = 256
  static let height = 96
  static let bandHeight = 32

  /// Writes `count` numbered frames as raw grey bytes and encodes them at `rate` frames per
  /// second with `encoding` (codec and pixel format arguments), plus `extra` output options.
  static func make(
    _ path: String, count: Int, rate: String = "30",
    encoding: [String] = TestMedia.h264(), extra: [String] = []
  ) throws {
    let raw = path + ".gray"
    var bytes = Data(capacity: count * width * height)
    for number in 0..<count {
      bytes.append(contentsOf: frame(number))
    }
    try bytes.write(to: URL(fileURLWithPath: raw))
    defer { try? FileManager.default.removeItem(atPath: raw) }
    try FFmpegCommand.ffmpeg(
      ["-f", "rawvideo", "-pix_fmt", "gray", "-s", "\(width)x\(height)", "-r", rate, "-i", raw]
        + encoding + extra + [path])
  }

  /// The grey bytes of frame `number`.
  static func frame(_ number: Int) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height)
    for y in 0..<(2 * bandHeight) {
      for x in 0..<width {
        let bit = number >> (x / 16) & 1 == 1
        let white = y < bandHeight ? bit : !bit
        pixels[y * width + x] = white ? 255 : 0
      }
    }
    var noise = SeededNumbers(seed: UInt64(number))
    for index in (2 * bandHeight * width)..<pixels.count {
      pixels[index] = UInt8(truncatingIfNeeded: noise.next())
    }
    return pixels
  }

  /// The number a decoded frame shows, read from its luma (or red, for `rgba8`) at the centre
  /// of each block; nil when a block and its complement disagree.
  static func number(of frame: DecodedFrame) -> Int? {
    let layout = frame.layout
    let threshold = layout.bitDepth > 8 ? 512 : 128
    return frame.withPlane(0) { bytes, bytesPerRow, _, _ in
      func sample(_ x: Int, _ y: Int) -> Int {
        let offset = y * bytesPerRow + x * layout.bytesPerElement(plane: 0)
        guard layout.bitDepth > 8 else { return Int(bytes[offset]) }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
      }
      var number = 0
      for bit in 0..<16 {
        let set = sample(bit * 16 + 8, bandHeight / 2) > threshold
        let complement = sample(bit * 16 + 8, bandHeight * 3 / 2) > threshold
        guard set != complement else { return nil }
        if set { number |= 1 << bit }
      }
      return number
    }
  }

  /// Output frame k's time at `fps`, plus the plan's 1 ms pick tolerance.
  static func pickTime(_ k: Int, fps: Int64 = 30) -> Rational {
    Rational(Int64(k), fps) + Rational(1, 1000)
  }
}

import Foundation
import TestSupport

/// Test video whose frame `i` shows the number `first + i` as a barcode, so a frame of a
/// rendered movie says which source frame, of which clip, it shows.
///
/// Frames are grey. The code sits at the top left: a row of `bits` blocks of 8 × 8 pixels,
/// block `b` white when bit `b` of the number is set and black otherwise, and under it the
/// complement row, so a region that does not show one clean number (a plate, a blend, a
/// damaged picture) reads as nil rather than as a wrong number. The rest of the frame is a
/// flat dark grey.
public enum BarcodeVideo {
  /// Pixels per block side.
  public static let blockSize = 8
  /// Blocks per row: numbers up to 4095.
  public static let bits = 12
  /// The code's width in pixels (96).
  public static let codeWidth = bits * blockSize
  /// The code's height in pixels (16): the number row and the complement row.
  public static let codeHeight = 2 * blockSize
  /// The grey outside the code.
  public static let filler: UInt8 = 64

  /// Encodes `count` frames showing `first`, `first + 1`, … at `rate` ("25", "30000/1001"),
  /// `width` × `height`, as H.264 with B-frames (so the file has an edit list, like a camera's)
  /// at a quality that keeps every block clean.
  public static func make(
    _ path: String, frames count: Int, rate: String, width: Int = codeWidth,
    height: Int = codeHeight, first: Int = 0
  ) throws {
    precondition(first >= 0 && first + count <= 1 << bits, "numbers must fit in \(bits) bits")
    precondition(width >= codeWidth && height >= codeHeight, "the frame must hold the code")
    var bytes = Data(capacity: count * width * height)
    for index in 0..<count {
      bytes.append(contentsOf: frame(first + index, width: width, height: height))
    }
    let raw = path + ".gray"
    try bytes.write(to: URL(fileURLWithPath: raw))
    defer { try? FileManager.default.removeItem(atPath: raw) }
    try FFmpegCommand.ffmpeg(
      ["-f", "rawvideo", "-pix_fmt", "gray", "-s", "\(width)x\(height)", "-r", rate, "-i", raw]
        + encoding + [path])
  }

  /// `count` frames of flat `colour` ("0x808080") at `rate`, encoded like the codes.
  public static func solid(
    _ path: String, frames count: Int, rate: String, colour: String, width: Int, height: Int
  ) throws {
    let source = "color=c=\(colour):size=\(width)x\(height):rate=\(rate)"
    try FFmpegCommand.ffmpeg(
      ["-f", "lavfi", "-i", source, "-frames:v", "\(count)"] + encoding + [path])
  }

  private static let encoding = [
    "-c:v", "libx264", "-preset", "veryfast", "-crf", "10", "-pix_fmt", "yuv420p",
  ]

  /// The grey bytes of a frame showing `number`.
  public static func frame(_ number: Int, width: Int, height: Int) -> [UInt8] {
    var pixels = [UInt8](repeating: filler, count: width * height)
    for y in 0..<codeHeight {
      for x in 0..<codeWidth {
        let bit = number >> (x / blockSize) & 1 == 1
        let white = y < blockSize ? bit : !bit
        pixels[y * width + x] = white ? 255 : 0
      }
    }
    return pixels
  }
}

extension BarcodeVideo {
  /// A movie decoded by the ffmpeg command, every frame as it comes out of the decoder (no
  /// frame rate conversion), to 8-bit grey, for reading codes and flat regions back.
  public struct DecodedMovie: Sendable {
    public let width: Int
    public let height: Int
    private let bytes: [UInt8]

    /// Decodes the movie at `path`, whose frames are `width` × `height`.
    public init(decoding path: String, width: Int, height: Int) throws {
      let raw = path + ".decoded.gray"
      try FFmpegCommand.ffmpeg(
        ["-i", path, "-map", "0:v:0", "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt"]
          + ["gray", raw])
      defer { try? FileManager.default.removeItem(atPath: raw) }
      bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
      self.width = width
      self.height = height
      guard bytes.count % (width * height) == 0 else {
        throw ToolFailure(
          description:
            "\(path) decoded to \(bytes.count) bytes, not whole \(width)x\(height) frames"
        )
      }
    }

    /// How many frames the decoder gave.
    public var count: Int { bytes.count / (width * height) }

    /// The grey value of pixel (`x`, `y`) of `frame`.
    public func luma(_ frame: Int, _ x: Int, _ y: Int) -> Int {
      Int(bytes[(frame * height + y) * width + x])
    }

    /// The number the code whose top left corner is at (`x`, `y`) shows in `frame`, read at
    /// the centre of each block; nil unless every block and its complement clearly disagree.
    public func number(_ frame: Int, x: Int, y: Int) -> Int? {
      let centre = BarcodeVideo.blockSize / 2
      var number = 0
      for bit in 0..<BarcodeVideo.bits {
        let column = x + bit * BarcodeVideo.blockSize + centre
        let set = luma(frame, column, y + centre)
        let complement = luma(frame, column, y + BarcodeVideo.blockSize + centre)
        guard abs(set - complement) > 100 else { return nil }
        if set > complement { number |= 1 << bit }
      }
      return number
    }

    /// The mean grey and the largest distance from it over a `width` × `height` rectangle of
    /// `frame` at (`x`, `y`), leaving out a 2-pixel border where coding blurs edges.
    public func flatness(_ frame: Int, x: Int, y: Int, width: Int, height: Int) -> (
      mean: Int, spread: Int
    ) {
      var values: [Int] = []
      for row in (y + 2)..<(y + height - 2) {
        for column in (x + 2)..<(x + width - 2) {
          values.append(luma(frame, column, row))
        }
      }
      let mean = values.reduce(0, +) / max(1, values.count)
      return (mean, values.map { abs($0 - mean) }.max() ?? 0)
    }
  }
}

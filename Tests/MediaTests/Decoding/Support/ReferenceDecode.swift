import Foundation
import Media
import TestSupport

/// FFmpeg's own decode of a file, through the `ffmpeg` command, to check the decoder against.
enum ReferenceDecode {
  /// Every frame of the file's first video stream as raw `pixelFormat` bytes, frames back to
  /// back, each plane packed without row padding.
  static func frames(of path: String, pixelFormat: String, in folder: ScratchFolder) throws
    -> Data
  {
    let output = folder.path("reference-\(UUID().uuidString).raw")
    try FFmpegCommand.ffmpeg([
      "-i", path, "-map", "0:v:0", "-fps_mode", "passthrough", "-f", "rawvideo",
      "-pix_fmt", pixelFormat, output,
    ])
    return try Data(contentsOf: URL(fileURLWithPath: output))
  }

  /// A decoded frame's planes in order, each packed without row padding: the layout of the
  /// `ffmpeg` command's rawvideo output.
  static func packedPlanes(of frame: DecodedFrame) -> [UInt8] {
    var bytes: [UInt8] = []
    for plane in 0..<frame.layout.planeCount {
      frame.withPlane(plane) { buffer, bytesPerRow, width, height in
        let rowBytes = width * frame.layout.bytesPerElement(plane: plane)
        for row in 0..<height {
          bytes.append(contentsOf: buffer[(row * bytesPerRow)..<(row * bytesPerRow + rowBytes)])
        }
      }
    }
    return bytes
  }
}

/// A small seeded generator (SplitMix64), so "random" requests are the same on every run.
struct SeededNumbers {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

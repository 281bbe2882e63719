import Foundation
import Media
import TestSupport
import Testing

@Suite("PNGWriter: preview pictures")
struct PNGWriterTests {
  @Test("every pixel of an odd-sized picture with padded rows comes back exactly, alpha dropped")
  func exactPixels() throws {
    try withScratchFolder { folder in
      let picture = GradientPicture(width: 33, height: 17, padding: 12)
      let path = folder.path("frame.png")
      try picture.write(to: path)

      #expect(try DecodedPNG.pixels(path: path, format: "rgb24", in: folder) == picture.rgb)
      let probe = try DecodedPNG.probe(path: path)
      #expect(probe["codec_name"] == "png")
      #expect(probe["width"] == "33")
      #expect(probe["height"] == "17")
      #expect(probe["pix_fmt"] == "rgb24")
    }
  }

  @Test("keepAlpha writes the alpha channel as given, and a fully transparent pixel black")
  func keepAlpha() throws {
    try withScratchFolder { folder in
      let picture = GradientPicture(width: 33, height: 17, padding: 12)
      let path = folder.path("frame.png")
      try picture.write(to: path, keepAlpha: true)

      // Alpha is 0 on a diagonal of the gradient, whose colour is not.
      var expected = picture.rgba
      var cleared = 0
      for pixel in stride(from: 0, to: expected.count, by: 4) where expected[pixel + 3] == 0 {
        cleared += expected[pixel..<pixel + 3].contains { $0 != 0 } ? 1 : 0
        expected.replaceSubrange(pixel..<pixel + 3, with: [0, 0, 0])
      }
      #expect(cleared > 0, "the picture has coloured pixels of alpha 0 to clear")
      #expect(try DecodedPNG.pixels(path: path, format: "rgba", in: folder) == expected)
      #expect(try DecodedPNG.probe(path: path)["pix_fmt"] == "rgba")
    }
  }

  @Test("an earlier file is replaced, a colon is part of the name, and no temporary file stays")
  func replaces() throws {
    try withScratchFolder { folder in
      let path = folder.path("take:2.png")
      try Data("earlier".utf8).write(to: URL(fileURLWithPath: path))
      let picture = GradientPicture(width: 8, height: 4, padding: 0)
      try picture.write(to: path)

      #expect(try DecodedPNG.pixels(path: path, format: "rgb24", in: folder) == picture.rgb)
      #expect(try DecodedPNG.names(in: folder) == ["take:2.png"])
    }
  }

  @Test("a path in a missing folder names the folder")
  func missingFolder() throws {
    try withScratchFolder { folder in
      let missing = folder.path("no-such-folder")
      #expect(throws: MediaError.fileNotFound(path: missing)) {
        try GradientPicture(width: 8, height: 4, padding: 0).write(to: missing + "/frame.png")
      }
    }
  }

  @Test("a folder where the file should go is refused and left alone")
  func folderAtPath() throws {
    try withScratchFolder { folder in
      let path = folder.path("frame.png")
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      #expect(throws: MediaError.unreadable(path: path, reason: "it is a directory")) {
        try GradientPicture(width: 8, height: 4, padding: 0).write(to: path)
      }
      #expect(try DecodedPNG.names(in: folder) == ["frame.png"])
    }
  }

  @Test("a failed write leaves the earlier file unchanged and no temporary file")
  func failedWrite() throws {
    try withScratchFolder { folder in
      let path = folder.path("frame.png")
      let earlier = Data("an earlier frame".utf8)
      try earlier.write(to: URL(fileURLWithPath: path))
      // One row wider than any picture FFmpeg takes (its limit is on (w + 128) × (h + 128)),
      // so the encoder fails after the temporary file is made.
      let picture = GradientPicture(width: 2_100_000, height: 1, padding: 0)
      let error = #expect(throws: MediaError.self) { try picture.write(to: path) }
      guard case .ffmpeg = error else {
        Issue.record("expected an FFmpeg error, got \(String(describing: error))")
        return
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == earlier)
      #expect(try DecodedPNG.names(in: folder) == ["frame.png"])
    }
  }
}

/// A synthetic RGBA picture in which every pixel differs from its neighbours in every
/// channel, stored with `padding` junk bytes after each row.
private struct GradientPicture {
  let width: Int
  let height: Int
  let bytesPerRow: Int
  let bytes: [UInt8]

  init(width: Int, height: Int, padding: Int) {
    self.width = width
    self.height = height
    bytesPerRow = 4 * width + padding
    // Padding bytes are 0xEE so that a writer reading them would show up as wrong pixels.
    var bytes = [UInt8](repeating: 0xEE, count: bytesPerRow * height)
    for y in 0..<height {
      for x in 0..<width {
        for channel in 0..<4 {
          bytes[y * bytesPerRow + 4 * x + channel] = Self.value(channel, x: x, y: y)
        }
      }
    }
    self.bytes = bytes
  }

  /// Channel `channel` (0: R, 1: G, 2: B, 3: A) of the pixel at (`x`, `y`).
  static func value(_ channel: Int, x: Int, y: Int) -> UInt8 {
    switch channel {
    case 0: return UInt8(truncatingIfNeeded: x * 7 + y)
    case 1: return UInt8(truncatingIfNeeded: y * 15 + x)
    case 2: return UInt8(truncatingIfNeeded: (x + y) * 5 + 3)
    default: return UInt8(truncatingIfNeeded: x * 3 + y * 11)
    }
  }

  /// The pixels packed as RGBA, without padding.
  var rgba: [UInt8] {
    (0..<height).flatMap { y in bytes[y * bytesPerRow..<y * bytesPerRow + 4 * width] }
  }

  /// The pixels packed as RGB, without padding or alpha.
  var rgb: [UInt8] {
    rgba.enumerated().compactMap { $0.offset % 4 == 3 ? nil : $0.element }
  }

  /// Writes the picture with `PNGWriter`.
  func write(to path: String, keepAlpha: Bool = false) throws {
    try bytes.withUnsafeBytes { buffer in
      try PNGWriter.write(
        rgba: buffer, width: width, height: height, bytesPerRow: bytesPerRow, to: path,
        keepAlpha: keepAlpha)
    }
  }
}

/// Reads PNG files back with ffmpeg and ffprobe, independently of `Media`.
private enum DecodedPNG {
  /// The picture's pixels, packed, as ffmpeg decodes them to raw `format`.
  static func pixels(path: String, format: String, in folder: ScratchFolder) throws -> [UInt8] {
    let raw = folder.path("decoded.raw")
    defer { try? FileManager.default.removeItem(atPath: raw) }
    try FFmpegCommand.ffmpeg(["-i", "file:" + path, "-f", "rawvideo", "-pix_fmt", format, raw])
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
  }

  /// ffprobe's codec, size and pixel format for the picture.
  static func probe(path: String) throws -> [String: String] {
    let output = try FFmpegCommand.ffprobe([
      "-show_entries", "stream=codec_name,width,height,pix_fmt", "-of",
      "default=noprint_wrappers=1", "file:" + path,
    ])
    var fields: [String: String] = [:]
    for line in output.split(whereSeparator: \.isNewline) {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    return fields
  }

  /// The names in `folder`, hidden ones included, sorted.
  static func names(in folder: ScratchFolder) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
  }
}

import Foundation
import TestSupport

/// A screenshot of a page, decoded by the ffmpeg command (independently of the browser that
/// took it) into R′G′B′ bytes.
public struct PageScreenshot {
  /// The PNG the browser wrote.
  public var png: Data
  public var width: Int
  public var height: Int
  /// Three bytes per pixel, rows top first.
  public var rgb: [UInt8]

  /// Decodes `png`, using `folder` for the ffmpeg command's files.
  public init(png: Data, in folder: ScratchFolder) throws {
    self.png = png
    let path = folder.path("screenshot-\(UUID().uuidString).png")
    try png.write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    width = Int(try TestVideo.probe("width", of: path)) ?? 0
    height = Int(try TestVideo.probe("height", of: path)) ?? 0
    rgb = try RenderedMovie.rgb24(path, in: folder)
    guard width > 0, height > 0, rgb.count == width * height * 3 else {
      throw ToolFailure(
        description: "the screenshot decoded to \(rgb.count) bytes for \(width)x\(height)")
    }
  }

  /// Takes a screenshot of `browser`'s page.
  public init(of browser: HeadlessChromium, in folder: ScratchFolder) throws {
    try self.init(png: try browser.screenshot(), in: folder)
  }

  /// The colour of pixel (`x`, `y`), 0…255 each.
  public func pixel(x: Int, y: Int) -> SIMD3<Int> {
    let at = (y * width + x) * 3
    return SIMD3(Int(rgb[at]), Int(rgb[at + 1]), Int(rgb[at + 2]))
  }

  /// The mean colour of the `size`×`size` square centred on (`x`, `y`).
  public func mean(x: Int, y: Int, size: Int = 9) -> SIMD3<Double> {
    var sum = SIMD3<Double>.zero
    for row in (y - size / 2)..<(y - size / 2 + size) {
      for column in (x - size / 2)..<(x - size / 2 + size) {
        let value = pixel(x: column, y: row)
        sum += SIMD3(Double(value.x), Double(value.y), Double(value.z))
      }
    }
    return sum / Double(size * size)
  }
}

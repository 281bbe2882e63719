import Typesetting

/// The smallest rectangle holding every pixel of a picture whose alpha exceeds a threshold:
/// where the text (or anything else drawn) landed.
struct InkBox: Equatable {
  var minX: Int
  var minY: Int
  var maxX: Int
  var maxY: Int

  var width: Int { maxX - minX + 1 }
  var height: Int { maxY - minY + 1 }
  var centerX: Double { Double(minX + maxX) / 2 }
  var centerY: Double { Double(minY + maxY) / 2 }
}

extension TextPicture {
  /// The premultiplied RGBA of the pixel at column `x`, row `y`.
  func pixel(_ x: Int, _ y: Int) -> [UInt8] {
    let start = (y * width + x) * 4
    return Array(pixels[start..<start + 4])
  }

  /// The box around pixels with alpha above `threshold`, in `rows` if given; nil if there are
  /// none.
  func ink(threshold: UInt8 = 64, rows: Range<Int>? = nil) -> InkBox? {
    var box: InkBox?
    for y in rows ?? 0..<height {
      for x in 0..<width where pixels[(y * width + x) * 4 + 3] > threshold {
        if var found = box {
          found.minX = min(found.minX, x)
          found.maxX = max(found.maxX, x)
          found.minY = min(found.minY, y)
          found.maxY = max(found.maxY, y)
          box = found
        } else {
          box = InkBox(minX: x, minY: y, maxX: x, maxY: y)
        }
      }
    }
    return box
  }

  /// The pixels, as (x, y, RGBA), that satisfy `condition`.
  func pixels(where condition: ([UInt8]) -> Bool) -> [(x: Int, y: Int, rgba: [UInt8])] {
    var found: [(x: Int, y: Int, rgba: [UInt8])] = []
    for y in 0..<height {
      for x in 0..<width {
        let rgba = pixel(x, y)
        if condition(rgba) {
          found.append((x, y, rgba))
        }
      }
    }
    return found
  }
}

/// Opaque colours the tests draw with.
extension TextColor {
  static let red = TextColor(red: 255, green: 0, blue: 0)
  static let blue = TextColor(red: 0, green: 0, blue: 255)
}

extension InkBox {
  /// The box around `pixels`, or nil when there are none.
  static func around(_ pixels: [(x: Int, y: Int, rgba: [UInt8])]) -> InkBox? {
    guard let first = pixels.first else { return nil }
    return pixels.reduce(InkBox(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)) {
      InkBox(
        minX: min($0.minX, $1.x), minY: min($0.minY, $1.y), maxX: max($0.maxX, $1.x),
        maxY: max($0.maxY, $1.y))
    }
  }
}

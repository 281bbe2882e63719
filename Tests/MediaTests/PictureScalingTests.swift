import Media
import Testing

@Suite("Pictures made smaller for a preview")
struct PictureScalingTests {
  /// Two rows of `left, right, left, right` pixels (RGBA), halved each way: each output pixel
  /// averages one `left` and one `right` from each row.
  static func halved(_ left: [UInt8], _ right: [UInt8]) throws -> [UInt8] {
    let row = left + right + left + right
    return try PictureScaling.scaled(row + row, width: 4, height: 2, toWidth: 2, toHeight: 1)
  }

  @Test("an opaque picture's channels are averaged: red beside blue is purple")
  func opaque() throws {
    let scaled = try Self.halved([255, 0, 0, 255], [0, 0, 255, 255])
    #expect(abs(Int(scaled[0]) - 128) <= 1 && scaled[1] == 0, "\(scaled)")
    #expect(abs(Int(scaled[2]) - 128) <= 1 && scaled[3] == 255, "\(scaled)")
  }

  @Test("a transparent pixel's colour does not darken its opaque neighbour")
  func transparentEdge() throws {
    // Opaque red beside fully transparent pixels (black, as transparent pixels are written).
    let scaled = try Self.halved([255, 0, 0, 255], [0, 0, 0, 0])
    #expect(abs(Int(scaled[3]) - 128) <= 1, "alpha: \(scaled)")
    #expect(scaled[0] >= 252 && scaled[1] <= 1 && scaled[2] <= 1, "colour: \(scaled)")
  }

  @Test("the same size is the same picture")
  func sameSize() throws {
    let picture: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
    #expect(
      try PictureScaling.scaled(picture, width: 2, height: 1, toWidth: 2, toHeight: 1) == picture)
  }
}

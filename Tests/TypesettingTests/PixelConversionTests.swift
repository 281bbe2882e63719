import Testing

@testable import Typesetting

@Suite struct PixelConversionTests {
  @Test func nativeARGBWordsBecomeRGBABytesWithoutRowPadding() {
    // Two rows of two pixels, 12 bytes a row: 4 bytes of padding to skip after each.
    let words: [UInt32] = [
      0xFF11_2233, 0x8040_2010, 0xDEAD_BEEF,
      0x0000_0000, 0x7F7F_0000, 0xDEAD_BEEF,
    ]
    let rgba = words.withUnsafeBytes {
      PremultipliedARGB32.rgba($0.baseAddress!, width: 2, height: 2, bytesPerRow: 12)
    }
    #expect(
      rgba == [
        0x11, 0x22, 0x33, 0xFF, 0x40, 0x20, 0x10, 0x80,
        0x00, 0x00, 0x00, 0x00, 0x7F, 0x00, 0x00, 0x7F,
      ])
  }
}

import Media
import Testing
import Timeline

/// `DecodedFrame.planar`: a picture whose planes the caller fills, as a composition drawn into
/// a picture for another one is.
@Suite("Pictures made from planes the caller fills")
struct PlanarFrameTests {
  @Test(
    "each plane is filled once, in order, with room for its rows, and reads back as written, tagged BT.709 limited at pts 0"
  )
  func fillsAndReadsBack() throws {
    for layout in [PlaneLayout.yuv420p8, .yuva420p8Premultiplied] {
      let (width, height) = (70, 36)
      var filled: [Int] = []
      let frame = try DecodedFrame.planar(layout: layout, width: width, height: height) {
        plane, bytes, bytesPerRow in
        filled.append(plane)
        let size = layout.planeSize(plane, width: width, height: height)
        #expect(bytesPerRow >= size.width)
        #expect(bytes.count >= bytesPerRow * size.height)
        for row in 0..<size.height {
          for column in 0..<size.width {
            bytes[row * bytesPerRow + column] = UInt8((plane * 60 + row + column) % 256)
          }
        }
      }
      #expect(filled == Array(0..<layout.planeCount))
      #expect(frame.layout == layout && frame.width == width && frame.height == height)
      #expect(frame.pts == .zero)
      #expect(frame.colorMatrix == .bt709 && frame.colorRange == .limited)
      #expect(frame.decodedPixelFormat == (layout.hasAlpha ? "yuva420p" : "yuv420p"))
      for plane in 0..<layout.planeCount {
        frame.withPlane(plane) { bytes, bytesPerRow, planeWidth, planeHeight in
          #expect(planeWidth == (plane == 1 || plane == 2 ? width / 2 : width))
          #expect(planeHeight == (plane == 1 || plane == 2 ? height / 2 : height))
          for row in 0..<planeHeight {
            for column in 0..<planeWidth {
              #expect(
                bytes[row * bytesPerRow + column] == UInt8((plane * 60 + row + column) % 256))
            }
          }
        }
      }
    }
  }

  @Test("the premultiplied 4:2:0 layout: four 8-bit planes, alpha last and full size")
  func premultipliedLayout() {
    let layout = PlaneLayout.yuva420p8Premultiplied
    #expect(layout.planeCount == 4 && layout.hasAlpha && !layout.isRGB && layout.bitDepth == 8)
    #expect(layout.chromaShift == (1, 1))
    #expect(layout.planeSize(3, width: 70, height: 36) == (70, 36))
    #expect(layout.planeSize(1, width: 71, height: 37) == (36, 19))
  }
}

import Media
import TestSupport
import Testing
import Timeline

@Suite("Encoding: picture content")
struct EncodingContentTests {
  @Test("at crf 0 every decoded sample of every plane is what was written")
  func losslessPlanes() throws {
    try withScratchFolder { folder in
      let (width, height, count) = (66, 50, 12)
      let path = folder.path("lossless.mp4")
      try EncodedMovie.writeSyntheticMovie(
        path: path, format: .h264(crf: 0),
        video: VideoEncoding(width: width, height: height, fps: Rational(25)),
        count: count)

      let frames = try EncodedMovie.decodedFrames(
        path: path, width: width, height: height, in: folder)
      try #require(frames.count == count)
      let (chromaWidth, chromaHeight) = (width / 2, height / 2)
      for (k, frame) in frames.enumerated() {
        var expected: [UInt8] = []
        for y in 0..<height {
          for x in 0..<width { expected.append(EncodingPicture.luma(k, x: x, y: y)) }
        }
        for plane in 1...2 {
          for y in 0..<chromaHeight {
            for x in 0..<chromaWidth {
              expected.append(EncodingPicture.chroma(plane, k, x: x, y: y))
            }
          }
        }
        let worst = zip(frame, expected).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(worst <= 1, "frame \(k) differs by up to \(worst) code values")
      }
    }
  }

  @Test("planes report the 4:2:0 sizes and rows at least as wide as the plane")
  func planeGeometry() throws {
    try withScratchFolder { folder in
      let writer = try MovieWriter(
        path: folder.path("geometry.mp4"), format: .h264(),
        video: VideoEncoding(width: 70, height: 46, fps: Rational(30)))
      let frame = try writer.nextFrame()
      let sizes = (0..<3).map { plane in
        frame.withMutablePlane(plane) { bytes, bytesPerRow, width, height in
          #expect(bytesPerRow >= width)
          #expect(bytes.count >= bytesPerRow * height)
          return [width, height]
        }
      }
      #expect(sizes == [[70, 46], [35, 23], [35, 23]])
    }
  }
}

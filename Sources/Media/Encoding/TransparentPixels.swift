internal import CFFmpeg

/// Makes every fully transparent pixel of a straight-alpha picture black: R′G′B′ 0, or
/// Y′CbCr's black (10-bit 64, 512, 512). The compositor leaves 4:2:0 chroma beside an edge
/// wherever any of its four pixels is covered, so a pixel of alpha 0 converted to 4:4:4 or
/// R′G′B′ takes the colour of its neighbour: invisible where alpha is honoured, a coloured
/// fringe in every tool that ignores it.
enum TransparentPixels {
  /// Clears `frame`'s transparent pixels, when it is in one of the straight-alpha formats
  /// the writers make (RGBA, BGRA, 10-bit 4:4:4 with alpha); leaves any other as it is. The
  /// frame's buffer must be writable.
  static func clear(_ frame: UnsafeMutablePointer<AVFrame>) {
    let width = Int(frame.pointee.width)
    let height = Int(frame.pointee.height)
    let format = frame.pointee.format
    if format == AV_PIX_FMT_RGBA.rawValue || format == AV_PIX_FMT_BGRA.rawValue {
      guard let data = frame.pointee.data.0 else { return }
      let stride = Int(frame.pointee.linesize.0)
      for y in 0..<height {
        let row = data + y * stride
        for x in 0..<width where row[4 * x + 3] == 0 {
          row[4 * x] = 0
          row[4 * x + 1] = 0
          row[4 * x + 2] = 0
        }
      }
    } else if format == AV_PIX_FMT_YUVA444P10LE.rawValue {
      let planes = [
        frame.pointee.data.0, frame.pointee.data.1, frame.pointee.data.2,
        frame.pointee.data.3,
      ]
      let strides = [
        frame.pointee.linesize.0, frame.pointee.linesize.1,
        frame.pointee.linesize.2, frame.pointee.linesize.3,
      ].map(Int.init)
      guard let y = planes[0], let cb = planes[1], let cr = planes[2], let a = planes[3] else {
        return
      }
      // 10-bit samples in 16-bit little-endian words, read as the machine's UInt16: chromake
      // builds for little-endian x86-64 and arm64 only.
      for row in 0..<height {
        let alpha = UnsafeRawPointer(a + row * strides[3]).assumingMemoryBound(to: UInt16.self)
        let luma = UnsafeMutableRawPointer(y + row * strides[0])
          .assumingMemoryBound(to: UInt16.self)
        let blue = UnsafeMutableRawPointer(cb + row * strides[1])
          .assumingMemoryBound(to: UInt16.self)
        let red = UnsafeMutableRawPointer(cr + row * strides[2])
          .assumingMemoryBound(to: UInt16.self)
        for x in 0..<width where alpha[x] == 0 {
          luma[x] = 64
          blue[x] = 512
          red[x] = 512
        }
      }
    }
  }
}

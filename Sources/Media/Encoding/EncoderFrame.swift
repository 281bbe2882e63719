internal import CFFmpeg

/// One picture for `MovieWriter`, in its own freshly allocated buffer: Y′CbCr 4:2:0, 8 bits,
/// BT.709 limited range (luma 16–235, chroma 16–240), and for an output that keeps alpha a
/// fourth plane of straight (not premultiplied) alpha at full size (`yuva420p`). The writer
/// converts it to whatever its encoder takes.
///
/// Get one from `MovieWriter.nextFrame()`, fill its three planes, and hand it to
/// `MovieWriter.write(_:)`. Writing uses the frame up: its buffer then belongs to the encoder,
/// and the object must not be filled or written again.
public final class EncoderFrame {
  /// The frame; its buffer is released once the frame is written.
  let pointer: UnsafeMutablePointer<AVFrame>
  /// True once the frame has gone to the encoder.
  private(set) var isWritten = false

  /// Allocates a frame of `width × height` 4:2:0 pixels, with a buffer from `pool` when given
  /// (it must be of that size) or a new one.
  init(width: Int, height: Int, alpha: Bool = false, pool: FramePool? = nil) throws(MediaError) {
    guard let frame = av_frame_alloc() else {
      throw .outOfMemory("av_frame_alloc")
    }
    pointer = frame
    frame.pointee.format = (alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P).rawValue
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    frame.pointee.color_primaries = AVCOL_PRI_BT709
    frame.pointee.color_trc = AVCOL_TRC_BT709
    frame.pointee.colorspace = AVCOL_SPC_BT709
    frame.pointee.color_range = AVCOL_RANGE_MPEG
    // A buffer just taken from the pool, or a new one, has one reference, so it is writable
    // without av_frame_make_writable.
    if let pool {
      precondition(
        pool.width == width && pool.height == height && pool.hasAlpha == alpha,
        "a pool of another size or layout")
      try pool.attach(to: frame)
    } else {
      // Alignment 0 lets FFmpeg pick the one the CPU's SIMD code wants.
      try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
    }
  }

  deinit {
    var frame: UnsafeMutablePointer<AVFrame>? = pointer
    av_frame_free(&frame)
  }

  /// The picture width in pixels.
  public var width: Int { Int(pointer.pointee.width) }
  /// The picture height in pixels.
  public var height: Int { Int(pointer.pointee.height) }

  /// Whether the frame has an alpha plane (plane 3).
  public var hasAlpha: Bool { pointer.pointee.format == AV_PIX_FMT_YUVA420P.rawValue }

  /// Calls `body` with plane `index` (0: Y′, 1: Cb, 2: Cr, 3: alpha where it has one) to fill: its bytes, the distance
  /// in bytes from one row to the next (at least the width, often more), and its width and
  /// height in samples (for Cb and Cr, half the picture's, rounded up).
  ///
  /// The bytes are valid only inside `body`, and only until the frame is written.
  public func withMutablePlane<Result, Failure: Error>(
    _ index: Int,
    _ body: (
      _ bytes: UnsafeMutableRawBufferPointer, _ bytesPerRow: Int, _ width: Int, _ height: Int
    ) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    precondition(
      (0..<(hasAlpha ? 4 : 3)).contains(index), "the frame has no plane \(index)")
    precondition(!isWritten, "an EncoderFrame cannot be filled after it is written")
    let (width, height) = index == 0 || index == 3 ? (self.width, self.height) : chromaSize
    let bytesPerRow = Int(planeStride(index))
    guard let start = planeStart(index) else {
      preconditionFailure("av_frame_get_buffer left plane \(index) without memory")
    }
    let bytes = UnsafeMutableRawBufferPointer(start: start, count: bytesPerRow * height)
    return try body(bytes, bytesPerRow, width, height)
  }

  /// The size of the Cb and Cr planes: half the picture's, rounded up.
  private var chromaSize: (width: Int, height: Int) {
    ((width + 1) / 2, (height + 1) / 2)
  }

  /// `data[index]`: AVFrame's plane pointers are a fixed-size C array, which Swift sees as a
  /// tuple that cannot be subscripted.
  private func planeStart(_ index: Int) -> UnsafeMutablePointer<UInt8>? {
    withUnsafeBytes(of: pointer.pointee.data) {
      $0.load(
        fromByteOffset: index * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride,
        as: UnsafeMutablePointer<UInt8>?.self)
    }
  }

  /// `linesize[index]`, for the same reason as `planeStart`.
  private func planeStride(_ index: Int) -> Int32 {
    withUnsafeBytes(of: pointer.pointee.linesize) {
      $0.load(fromByteOffset: index * MemoryLayout<Int32>.stride, as: Int32.self)
    }
  }

  /// Marks the frame used up and drops this object's hold on the buffer (the encoder keeps
  /// its own reference as long as it needs one).
  func markWritten() {
    isWritten = true
    av_frame_unref(pointer)
  }
}

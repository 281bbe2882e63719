public import Timeline

/// One decoded picture, ready to upload: its presentation time, its planes in a
/// `PlaneLayout`, and the matrix and range to read its Y′CbCr with.
///
/// The frame owns its pixels (a reference to FFmpeg's buffers, released with the object) and
/// never changes after decoding, so it may be handed to another thread.
public final class DecodedFrame: @unchecked Sendable {
  /// Seconds from the stream's first frame, which is at 0.
  public let pts: Rational
  /// Picture width in pixels.
  public let width: Int
  /// Picture height in pixels.
  public let height: Int
  /// How the planes are laid out.
  public let layout: PlaneLayout
  /// The code range of the Y′CbCr samples: the tagged one, else full for `yuvj*` and grey
  /// sources, else limited. Always `full` for `rgba8`.
  public let colorRange: ColorRange
  /// The Y′CbCr matrix: the tagged one, else BT.601 below 720 lines, else BT.709. Meaningless
  /// for `rgba8`.
  public let colorMatrix: ColorMatrix
  /// FFmpeg's name for the pixel format the decoder produced, such as `"yuv420p"`; differs
  /// from `layout` when the frame was converted on the CPU.
  public let decodedPixelFormat: String

  /// The pts in stream ticks from the first frame, for exact comparisons without arithmetic
  /// on rationals.
  let ticks: Int64
  private let storage: DecoderFrame

  init(
    storage: DecoderFrame, ticks: Int64, pts: Rational, layout: PlaneLayout,
    colorRange: ColorRange, colorMatrix: ColorMatrix, decodedPixelFormat: String
  ) {
    self.storage = storage
    self.ticks = ticks
    self.pts = pts
    self.width = Int(storage.pointer.pointee.width)
    self.height = Int(storage.pointer.pointee.height)
    self.layout = layout
    self.colorRange = colorRange
    self.colorMatrix = colorMatrix
    self.decodedPixelFormat = decodedPixelFormat
  }

  /// Calls `body` with plane `index` (0 ..< `layout.planeCount`): its bytes, the distance
  /// between the starts of two rows, and its size in elements (see `PlaneLayout`).
  ///
  /// The buffer runs from the first element of the first row to the last element of the last
  /// row; rows may be padded, so step by `bytesPerRow`. The pointer is valid only inside
  /// `body`. An index outside the layout's planes is a programming error and traps.
  public func withPlane<R>(
    _ index: Int,
    _ body: (UnsafeRawBufferPointer, _ bytesPerRow: Int, _ width: Int, _ height: Int) throws -> R
  ) rethrows -> R {
    precondition(
      (0..<layout.planeCount).contains(index), "plane \(index) of a \(layout) frame")
    let (data, bytesPerRow) = storage.plane(index)
    let size = layout.planeSize(index, width: width, height: height)
    let rowBytes = size.width * layout.bytesPerElement(plane: index)
    let count = size.height > 0 ? bytesPerRow * (size.height - 1) + rowBytes : 0
    let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : count)
    return try body(bytes, bytesPerRow, size.width, size.height)
  }

  /// Like `withPlane`, but the buffer runs on past the last row's last element as far as the
  /// frame's own memory does (FFmpeg pads its buffers past the last row), so a reader of whole
  /// blocks of a row may take the last row's padding as it takes every other row's.
  public func withPaddedPlane<R>(
    _ index: Int,
    _ body: (UnsafeRawBufferPointer, _ bytesPerRow: Int, _ width: Int, _ height: Int) throws -> R
  ) rethrows -> R {
    try withPlane(index) { bytes, bytesPerRow, width, height in
      guard let start = bytes.baseAddress,
        let available = storage.bytesAvailable(from: start), available > bytes.count
      else { return try body(bytes, bytesPerRow, width, height) }
      return try body(
        UnsafeRawBufferPointer(start: start, count: available), bytesPerRow, width, height)
    }
  }
}

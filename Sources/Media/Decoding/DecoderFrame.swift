internal import CFFmpeg

/// One owned AVFrame, freed (with the buffers it references) on release.
final class DecoderFrame {
  /// The frame; valid for the object's lifetime.
  let pointer: UnsafeMutablePointer<AVFrame>

  /// Allocates an empty frame for a decoder or a scaler to fill.
  init() throws(MediaError) {
    guard let frame = av_frame_alloc() else {
      throw .outOfMemory("av_frame_alloc")
    }
    pointer = frame
  }

  /// Plane `index`'s first byte and row stride. FFmpeg keeps these in fixed-size C arrays,
  /// which Swift sees as tuples, so they are read through their bytes.
  func plane(_ index: Int) -> (data: UnsafeMutablePointer<UInt8>?, bytesPerRow: Int) {
    let frame = pointer.pointee
    let data = withUnsafeBytes(of: frame.data) {
      $0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)[index]
    }
    let bytesPerRow = withUnsafeBytes(of: frame.linesize) { $0.bindMemory(to: Int32.self)[index] }
    return (data, Int(bytesPerRow))
  }

  /// How many bytes the frame's buffers hold from `start` on: the end of the reference-counted
  /// buffer (`AVFrame.buf`) that `start` lies in, which for FFmpeg's own buffers runs past a
  /// plane's last row; nil where no buffer holds it.
  func bytesAvailable(from start: UnsafeRawPointer) -> Int? {
    // Read in place: this runs for every plane of every fused picture.
    withUnsafeBytes(of: pointer.pointee.buf) { buffers in
      for case let buffer? in buffers.bindMemory(to: UnsafeMutablePointer<AVBufferRef>?.self) {
        guard let base = buffer.pointee.data else { continue }
        let first = UnsafeRawPointer(base)
        let end = first + Int(buffer.pointee.size)
        if start >= first && start < end { return end - start }
      }
      return nil
    }
  }

  deinit {
    var frame: UnsafeMutablePointer<AVFrame>? = pointer
    av_frame_free(&frame)
  }
}

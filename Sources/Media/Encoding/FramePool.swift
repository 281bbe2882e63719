internal import CFFmpeg

/// Reusable picture buffers for a writer's frames: a frame's buffer goes back to the pool when
/// the encoder lets go of it, so a render of any length allocates a handful of buffers instead
/// of one per frame (fresh memory costs page faults and zeroing on every frame).
final class FramePool {
  let width: Int
  let height: Int
  /// Bytes from one row to the next: the plane's width rounded up to 64, which SIMD code
  /// likes and which is a multiple of 4 (a GPU read-back of four samples per texel needs that).
  let lumaStride: Int
  let chromaStride: Int
  /// Whether its buffers have a fourth plane, alpha, at full size (`yuva420p`).
  let hasAlpha: Bool
  private let pool: OpaquePointer

  init(width: Int, height: Int, alpha: Bool = false) throws(MediaError) {
    self.width = width
    self.height = height
    hasAlpha = alpha
    lumaStride = (width + 63) & ~63
    chromaStride = ((width + 1) / 2 + 63) & ~63
    // 64 spare bytes: encoders may read a little past the last row with wide loads.
    let size =
      lumaStride * height * (alpha ? 2 : 1) + 2 * chromaStride * ((height + 1) / 2) + 64
    // Zeroed, once: the compositor writes each row's picture, never the padding past it nor
    // the spare bytes, which wide loads may read; zero, they cannot carry what the allocator
    // left there into an encoder. Nothing writes them afterwards, so they stay zero as
    // buffers come back to the pool.
    guard let pool = av_buffer_pool_init(size, av_buffer_allocz) else {
      throw .outOfMemory("av_buffer_pool_init")
    }
    self.pool = pool
  }

  deinit {
    // The pool itself lives on until the last buffer taken from it comes back.
    var pool: OpaquePointer? = pool
    av_buffer_pool_uninit(&pool)
  }

  /// Gives `frame` a buffer from the pool, with its three planes (four with alpha) laid out in
  /// it.
  func attach(to frame: UnsafeMutablePointer<AVFrame>) throws(MediaError) {
    guard let buffer = av_buffer_pool_get(pool), let base = buffer.pointee.data else {
      throw .outOfMemory("av_buffer_pool_get")
    }
    frame.pointee.buf.0 = buffer
    let chromaOffset = lumaStride * height
    let chromaSize = chromaStride * ((height + 1) / 2)
    frame.pointee.data.0 = base
    frame.pointee.data.1 = base + chromaOffset
    frame.pointee.data.2 = base + chromaOffset + chromaSize
    frame.pointee.linesize.0 = Int32(lumaStride)
    frame.pointee.linesize.1 = Int32(chromaStride)
    frame.pointee.linesize.2 = Int32(chromaStride)
    if hasAlpha {
      frame.pointee.data.3 = base + chromaOffset + 2 * chromaSize
      frame.pointee.linesize.3 = Int32(lumaStride)
    }
  }
}

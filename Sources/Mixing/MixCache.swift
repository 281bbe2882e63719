import Foundation
import RenderPlan

/// The sum of a plan's streams, ducked and before any gain, recorded by the first pass that
/// mixes the whole timeline and read back by every pass after it (the loudness measurements
/// with the limiter, the codec round trips, the output's own mix), so that sound for delivery
/// decodes and resamples each input once rather than once a pass.
///
/// The samples are kept in an unnamed temporary file (unlinked as soon as it is made, so no
/// interruption leaves it behind), four bytes a sample, channels interleaved: memory stays
/// flat with the length, and reading back gives the very floats the sum made, so a pass that
/// reads the cache mixes exactly what one that decodes would.
public final class MixCache: @unchecked Sendable {
  let channels: Int
  /// Samples per channel the timeline has: `0..<frames`.
  let frames: Int64
  private let descriptor: Int32
  /// Samples per channel recorded, from 0, in order.
  private(set) var recorded: Int64 = 0
  /// Set when a write failed (a full disk): the cache is never whole, and the passes decode
  /// their inputs as they would without one.
  private var abandoned = false
  private var interleaved: UnsafeMutableBufferPointer<Float> = .init(start: nil, count: 0)

  /// A cache for `frames` samples of `channels` channels in the system's temporary folder, or
  /// nil when no file can be made there (the passes then decode their inputs each time).
  init?(channels: Int, frames: Int64) {
    let folder = FileManager.default.temporaryDirectory.path
    var template = Array((folder + "/chromake-mix-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    self.descriptor = descriptor
    self.channels = channels
    self.frames = frames
  }

  deinit {
    close(descriptor)
    interleaved.deallocate()
  }

  /// Whether every sample of the timeline is recorded.
  var isComplete: Bool { !abandoned && recorded >= frames }

  /// Records `count` samples of each channel of `block` as the timeline's samples from
  /// `position`, which must be where the recording has reached; anything else (a pass that
  /// starts over after a failed one) is not recorded. A write that fails gives the cache up
  /// (and its disk space back) rather than the render.
  func record(_ block: [UnsafeMutableBufferPointer<Float>], at position: Int64, count: Int) {
    guard !abandoned, position == recorded, count > 0 else { return }
    let buffer = scratch(count)
    for (c, channel) in block.enumerated() {
      for t in 0..<count { buffer[t * channels + c] = channel[t] }
    }
    do {
      try transfer(UnsafeMutableRawBufferPointer(buffer), at: position, writing: true)
      recorded += Int64(count)
    } catch {
      abandoned = true
      _ = ftruncate(descriptor, 0)
    }
  }

  /// Reads `count` samples of each channel from `position` into `block`.
  func read(into block: [UnsafeMutableBufferPointer<Float>], at position: Int64, count: Int)
    throws
  {
    precondition(position + Int64(count) <= recorded, "reading past what the cache recorded")
    guard count > 0 else { return }
    let buffer = scratch(count)
    try transfer(UnsafeMutableRawBufferPointer(buffer), at: position, writing: false)
    for (c, channel) in block.enumerated() {
      for t in 0..<count { channel[t] = buffer[t * channels + c] }
    }
  }

  private func scratch(_ count: Int) -> UnsafeMutableBufferPointer<Float> {
    let needed = count * channels
    if interleaved.count < needed {
      interleaved.deallocate()
      interleaved = .allocate(capacity: needed)
    }
    return UnsafeMutableBufferPointer(rebasing: interleaved[0..<needed])
  }

  /// Writes or reads all of `bytes` at the file offset of sample `position`.
  private func transfer(_ bytes: UnsafeMutableRawBufferPointer, at position: Int64, writing: Bool)
    throws
  {
    var done = 0
    let offset = off_t(position) * off_t(channels * MemoryLayout<Float>.size)
    while done < bytes.count {
      let pointer = bytes.baseAddress! + done
      let left = bytes.count - done
      let moved =
        writing
        ? pwrite(descriptor, pointer, left, offset + off_t(done))
        : pread(descriptor, pointer, left, offset + off_t(done))
      if moved < 0, errno == EINTR { continue }
      guard moved > 0 else {
        let reason = moved < 0 ? String(cString: strerror(errno)) : "the file ended"
        let call = writing ? "pwrite" : "pread"
        throw RenderFailure(
          "the sound's mix could not be \(writing ? "kept" : "read back") in its temporary file: \(call) failed: \(reason)"
        )
      }
      done += moved
    }
  }
}

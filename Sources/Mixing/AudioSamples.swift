/// One source stream, already at the output's sample rate and channel layout, float planar,
/// read forward.
public protocol AudioSamples: AnyObject {
  /// Writes up to `count` samples into each channel's buffer and returns how many it wrote:
  /// fewer than `count` only at the stream's end.
  func read(into buffers: [UnsafeMutableBufferPointer<Float>], count: Int) throws -> Int
}

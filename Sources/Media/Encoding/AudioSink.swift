/// Where a render's mixed sound goes to be encoded: a `MovieWriter` encoding a movie in one
/// piece, or a `MovieJoiner` joining segments.
public protocol AudioSink: AnyObject {
  /// Encodes the next samples of the sound: float planar, one buffer per channel, all the
  /// same length.
  func writeAudio(_ channels: [UnsafeBufferPointer<Float>]) throws(MediaError)
}

import Timeline

extension OutputPlan {
  /// The video's independently encoded pieces, in order: piece `i` holds the frames whose
  /// times lie in `i·L ..< (i+1)·L` for the segment length `L`, so every piece but the last
  /// is `L` long on the frame grid (at 30000/1001 fps, 2 s pieces alternate 60 and 59 frames);
  /// the last holds what is left. Empty without `segment`, or for an output with no frames.
  public var segments: [FrameRange] {
    guard let length = segment, length > .zero, frameCount > 0 else { return [] }
    var pieces: [FrameRange] = []
    var first: Int64 = 0
    var index: Int64 = 1
    while first < frameCount {
      let end = min(
        frameCount, TimeGrid.firstFrame(atOrAfter: Rational(index) * length, fps: fps))
      if end > first {
        pieces.append(FrameRange(first: first, end: end))
        first = end
      }
      index += 1
    }
    return pieces
  }
}

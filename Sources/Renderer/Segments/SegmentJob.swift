import RenderPlan

/// One segment to encode: its index, its frames and the digest its file is named by.
struct SegmentJob: Sendable {
  var index: Int
  var frames: FrameRange
  var digest: String
}

public import RenderPlan

/// One segment to encode: its index, its frames and the digest its file is named by.
public struct SegmentJob: Codable, Sendable {
  public var index: Int
  public var frames: FrameRange
  public var digest: String
}

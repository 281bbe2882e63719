import RenderPlan
import Rendering

/// What a segment lane process (`SegmentLaneCommand`) tells the render that started it, as one
/// JSON line: the frames it has composited so far, and at its end its report or its failure.
struct SegmentLaneMessage: Codable {
  var frames: Int64
  var report: SegmentRun.Report?
  var failure: RenderFailure?
}

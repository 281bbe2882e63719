import RenderPlan
import Rendering
import Session
import Timeline

/// How `--explain` lists a segmented output's segments: those encoded and why, the rest
/// reused.
enum SegmentExplanation {
  /// Lines listed before the rest are summed up.
  static let listed = 12

  /// `segments: 1 of 150 encoded, 149 reused:` (of `total`, the output's or a share's) and a
  /// line per segment encoded (the first dozen, then how many more).
  static func text(_ work: [SegmentWork], total: Int, fps: Rational) -> String {
    var text =
      "chromake: segments: \(work.count) of \(total) encoded, \(total - work.count) reused"
      + (work.isEmpty ? "\n" : ":\n")
    for item in work.prefix(listed) {
      text += "  \(item.line(fps: fps))\n"
    }
    if work.count > listed {
      text += "  and \(work.count - listed) more\n"
    }
    return text
  }

  /// `segment 3`, or `segments 2 to 4`: the segments of a share.
  static func held(_ indices: Range<Int>) -> String {
    indices.count == 1
      ? "segment \(indices.lowerBound)"
      : "segments \(indices.lowerBound) to \(indices.upperBound - 1)"
  }

  /// The frames of the segments listed.
  static func frames(_ work: [SegmentWork]) -> Int64 {
    work.reduce(0) { $0 + $1.frames.count }
  }
}

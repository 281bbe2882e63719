import PlanValues
import ProjectFile
import RenderPlan

/// Finds a captions layer's pages: the runs of frames on which the same cues (with words)
/// show, in frame order, each with its cues top first (the one that started first on top,
/// file order breaking ties), by one sweep over the frames where cues start and end.
///
/// The cues showing are kept in their top-first order as they come and go, so the sweep costs
/// `O(n log n)` for `n` cues; more than `ProjectLimits.stackedCues` showing at once stops it,
/// since the project then has an error and no page is drawn.
struct CaptionPageSweep {
  /// A run of frames showing the same cues.
  struct Run {
    var frames: FrameRange
    var cues: [Int]
  }

  /// Where more cues than the limit first show at once: the cue that came past the limit (in
  /// the order they start, file order breaking ties), and how many show there.
  struct Overstack {
    var cue: Int
    var count: Int
  }

  private(set) var runs: [Run] = []
  private(set) var overstack: Overstack?

  /// Sweeps `planned` (each cue's frames) for the cues of `cues` (their times and words).
  init(_ planned: [CaptionCuePlan], _ cues: [SubtitleCue]) {
    let shown = planned.indices.filter {
      planned[$0].frames.count > 0 && !cues[$0].text.isEmpty
    }
    let edges = Set(shown.flatMap { [planned[$0].frames.first, planned[$0].frames.end] }).sorted()
    let byFirstFrame = shown.sorted {
      (planned[$0].frames.first, $0) < (planned[$1].frames.first, $1)
    }
    // Top first: the earlier start on top, file order breaking ties.
    func above(_ a: Int, _ b: Int) -> Bool { (cues[a].start, a) < (cues[b].start, b) }
    var next = 0
    var active: [Int] = []
    for (first, end) in zip(edges, edges.dropFirst()) {
      active.removeAll { planned[$0].frames.end <= first }
      while next < byFirstFrame.count, planned[byFirstFrame[next]].frames.first <= first {
        let cue = byFirstFrame[next]
        active.insert(cue, at: active.firstIndex { above(cue, $0) } ?? active.count)
        next += 1
        // Checked at each cue added, so that thousands starting together cost no more.
        if active.count > ProjectLimits.stackedCues {
          let count = shown.count {
            planned[$0].frames.first <= first && first < planned[$0].frames.end
          }
          overstack = Overstack(cue: cue, count: count)
          runs = []
          return
        }
      }
      guard !active.isEmpty else { continue }
      if let last = runs.last, last.cues == active, last.frames.end == first {
        runs[runs.count - 1].frames.end = end
      } else {
        runs.append(Run(frames: FrameRange(first: first, end: end), cues: active))
      }
    }
  }
}

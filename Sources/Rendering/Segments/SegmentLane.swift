import Compositing
import GPU
import Media
import Outputs
import RenderPlan

/// Encodes a run of segments, in order, on the calling thread with a GPU context of its own:
/// the layers' sources start at the run's first frame and carry on from one segment to the
/// next where they adjoin, so a run of many segments seeks its inputs once.
///
/// Segments another process holds the lock of are passed over and, once the rest are done,
/// waited for: when the other process has written the file, it is not encoded again.
///
/// Made on one thread and run on another, which alone touches it until joined.
final class SegmentLane: @unchecked Sendable {
  private let plan: RenderPlan
  private let jobs: [SegmentJob]
  private let folder: SegmentFolder
  private let control: LaneControl
  /// The render's: stops hashing the segments found and written.
  private let cancellation: Cancellation
  /// Problems that did not stop the lane, once it has run.
  private(set) var warnings: [RenderFailure] = []
  /// How many segments it encoded.
  private(set) var encoded = 0

  init(
    plan: RenderPlan, jobs: [SegmentJob], folder: SegmentFolder, control: LaneControl,
    cancellation: Cancellation
  ) {
    self.plan = plan
    self.cancellation = cancellation
    self.jobs = jobs
    self.folder = folder
    self.control = control
  }

  /// Encodes every job not already encoded, by this or another process.
  func run() throws {
    let context = try GPUContext()
    let output = plan.output
    let compositor = VideoCompositor(
      context: context, width: output.width, height: output.height,
      background: output.drawnBackground, styles: plan.layerStyles,
      patterns: try PatternGrey.load(plan), luts: try LUTTables.load(plan))
    var sources: LayerSources?
    /// The frame the sources give next.
    var next: Int64 = -1
    /// The segment before, whose encoder may still be emptying its queue.
    var finishing: SegmentWrite?
    var current: SegmentWrite?
    var heldElsewhere: [SegmentJob] = []
    defer {
      current?.abandon()
      finishing?.abandon()
      sources?.stopAll()
      if let sources { warnings += sources.warnings }
    }
    func encode(_ job: SegmentJob, claim: SegmentClaim) throws {
      if sources == nil || next != job.frames.first {
        sources?.stopAll()
        if let old = sources { warnings += old.warnings }
        let fresh = LayerSources(plan: plan, from: job.frames.first)
        sources = fresh
        try fresh.advance(to: job.frames.first)
      }
      guard let sources else { return }
      let write = try SegmentWrite(
        index: job.index, target: folder.file(job.index, digest: job.digest),
        record: folder.record(job.index, digest: job.digest), plan: plan, claim: claim,
        cancellation: cancellation)
      current = write
      for k in job.frames.first..<job.frames.end {
        try control.throwIfStopped()
        try sources.advance(to: k)
        let draws = try sources.draws(atFrame: k)
        let frame = try write.writer.nextFrame()
        try compositor.composite(
          CompositeItem.frame(draws, transitions: plan.transitions, frame: k, fps: output.fps),
          into: frame)
        try write.push(frame)
        control.add(frames: 1)
      }
      next = job.frames.end
      // The previous segment's encoder has had this whole segment's time to drain.
      let previous = finishing
      finishing = nil
      try previous?.finish()
      finishing = write
      current = nil
      encoded += 1
    }
    // The render found these segments missing or not intact; a look again, hashed, finds
    // those another process has since written whole.
    func isIntact(_ job: SegmentJob) throws -> Bool {
      try folder.state(job.index, digest: job.digest, cancellation: cancellation) == .intact
    }
    for job in jobs {
      guard try !isIntact(job) else { continue }
      guard let claim = try SegmentClaim.take(folder.lock(job.index)) else {
        heldElsewhere.append(job)
        continue
      }
      // Another process may have finished it between the look and the lock.
      guard try !isIntact(job) else { continue }
      try encode(job, claim: claim)
    }
    // No lock of this lane's may be held while it waits for another process's: that process
    // may be waiting for this one's (two renders of one folder, each holding what the other
    // needs).
    let done = finishing
    finishing = nil
    try done?.finish()
    for job in heldElsewhere {
      let claim = try SegmentClaim.wait(folder.lock(job.index)) { try control.throwIfStopped() }
      guard try !isIntact(job) else { continue }
      try encode(job, claim: claim)
      let written = finishing
      finishing = nil
      try written?.finish()
    }
    let last = finishing
    finishing = nil
    try last?.finish()
  }
}

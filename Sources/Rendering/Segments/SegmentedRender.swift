import Builds
import Foundation
import Media
import Outputs
import RenderPlan

/// Renders a segmented output (`output.segment`): encodes the segments that are missing from
/// its segment folder, several at once, then joins them without re-encoding, with the sound
/// mixed, measured and encoded once for the whole timeline.
///
/// Each lane encodes a contiguous run of the missing segments with its own GPU context,
/// decoders and single-threaded encoder, so the bytes of a segment do not depend on how many
/// lanes, shares or machines there are. Lanes are processes of their own when the caller can
/// start them (`processes`), threads of this process otherwise.
public final class SegmentedRender {
  public let plan: RenderPlan
  /// Each segment's digest, in order.
  public let digests: [SegmentDigest]
  public let folder: SegmentFolder
  /// Starts lanes as processes; nil runs them on threads of this process.
  public let processes: (any SegmentLaneProcesses)?

  public init(
    plan: RenderPlan, digests: [SegmentDigest], folder: SegmentFolder,
    processes: (any SegmentLaneProcesses)? = nil
  ) {
    self.plan = plan
    self.digests = digests
    self.folder = folder
    self.processes = processes
  }

  /// What encoding a share of the segments did.
  public struct EncodeReport: Sendable {
    /// Segments encoded by this process.
    public var encoded: Int
    /// Segments of the share that were already in the folder (or another process encoded).
    public var reused: Int
    /// Frames composited.
    public var frames: Int64
    /// Problems that did not stop the render.
    public var warnings: [RenderFailure]
  }

  /// The indices of share `share`'s segments: a contiguous run, so a machine seeks its inputs
  /// once. Shares together cover every segment once.
  public func indices(of share: Shard) -> Range<Int> {
    Self.indices(of: share, count: digests.count)
  }

  /// The indices of share `share` of `count` segments, as `indices(of:)`.
  public static func indices(of share: Shard, count: Int) -> Range<Int> {
    // In 128 bits: any I/N the command line takes, times any number of segments, fits.
    let count = Int128(count)
    let first = Int128(share.index) * count / Int128(share.count)
    let end = (Int128(share.index) + 1) * count / Int128(share.count)
    return Int(first)..<Int(end)
  }

  /// Encodes `missing` (`SegmentedBuild.work`: the segments of `share` not intact in the
  /// folder) with up to `lanes` lanes. `progress` hears the frames composited so far (out of
  /// the missing segments' frames); every lane stops once `cancellation` is requested.
  public func encode(
    _ missing: [SegmentWork], of share: Range<Int>, lanes: Int,
    progress: (Int64) -> Void = { _ in }, cancellation: Cancellation = .never
  ) throws -> EncodeReport {
    let missing = missing.map(\.index)
    guard !missing.isEmpty else {
      return EncodeReport(encoded: 0, reused: share.count, frames: 0, warnings: [])
    }
    try folder.create()
    let jobs = missing.map {
      SegmentJob(index: $0, frames: digests[$0].frames, digest: digests[$0].value)
    }
    let runs = Self.split(jobs, into: lanes)
    if let processes, runs.count > 1 {
      let reports = try processes.encode(
        runs.map { SegmentRun(plan: plan, output: folder.output, jobs: $0) },
        progress: progress, cancellation: cancellation)
      return Self.report(
        reports, share: share.count, frames: reports.reduce(0) { $0 + $1.frames })
    }
    let control = LaneControl()
    let lanes = runs.map {
      SegmentLane(
        plan: plan, jobs: $0, folder: folder, control: control, cancellation: cancellation)
    }
    try Self.run(lanes, control: control, progress: progress, cancellation: cancellation)
    return Self.report(
      lanes.map { SegmentRun.Report(encoded: $0.encoded, frames: 0, warnings: $0.warnings) },
      share: share.count, frames: control.framesDone)
  }

  /// Runs `lanes` on threads of their own until all have ended; this thread watches progress,
  /// the user's signal and a lane that failed, which stops the others. Throws the interruption,
  /// else the first lane's failure.
  static func run(
    _ lanes: [SegmentLane], control: LaneControl, progress: (Int64) -> Void,
    cancellation: Cancellation
  ) throws {
    let errors = LaneErrors()
    let workers = lanes.enumerated().map { number, lane in
      Worker(name: "chromake lane \(number)") { [lane] in
        do {
          try lane.run()
        } catch is LaneStopped {
        } catch {
          errors.add(error)
          control.stop()
        }
        errors.end()
      }
    }
    var interruption: (any Error)?
    while errors.ended < workers.count {
      do {
        try cancellation.throwIfRequested()
      } catch {
        interruption = error
        control.stop()
        break
      }
      progress(control.framesDone)
      usleep(20_000)
    }
    for worker in workers { worker.join() }
    progress(control.framesDone)
    if let interruption { throw interruption }
    if let error = errors.first { throw error }
  }

  /// The lanes' reports as one, for a share of `share` segments of which `frames` frames were
  /// composited.
  private static func report(_ lanes: [SegmentRun.Report], share: Int, frames: Int64)
    -> EncodeReport
  {
    let encoded = lanes.reduce(0) { $0 + $1.encoded }
    // Each lane reads the same inputs: damage that two lanes ran into is said once.
    var seen: Set<String> = []
    let warnings = lanes.flatMap(\.warnings).filter { seen.insert($0.description).inserted }
    return EncodeReport(
      encoded: encoded, reused: share - encoded, frames: frames, warnings: warnings)
  }

  /// Joins every segment into the output at `path` (a temporary file the caller renames),
  /// with the whole timeline's sound from `sound`, as its `report` describes it.
  func join(
    into path: String, sound: (file: String, report: SegmentSound.Report)?,
    cancellation: Cancellation
  ) throws
    -> RenderReport
  {
    let output = plan.output
    guard let first = digests.first else {
      throw RenderFailure("the output has no frames to join")
    }
    for index in digests.indices where !folder.has(index, digest: digests[index].value) {
      throw RenderFailure(
        "segment \(index) is missing from '\(folder.path)'; render it first "
          + "(chromake render without --segments encodes what is missing)")
    }
    let joiner: MovieJoiner
    do {
      joiner = try MovieJoiner(
        path: path, container: output.format.container,
        firstSegment: folder.file(0, digest: first.value), fps: output.fps,
        sound: sound?.file,
        encoderTag: EncoderTag.text(software: "chromake \(ChromakeVersion.current)"))
    } catch {
      throw RenderFailure("cannot start writing '\(output.file)': \(error)")
    }
    do {
      for (index, digest) in digests.enumerated() {
        try cancellation.throwIfRequested()
        do {
          try joiner.append(
            segment: folder.file(index, digest: digest.value), frameCount: digest.frames.count)
        } catch {
          throw RenderFailure(
            "cannot join segment \(index): \(error); `chromake render --force` encodes every "
              + "segment again")
        }
        try joiner.appendSound()
      }
      try joiner.finish()
    } catch let error as MediaError {
      throw RenderFailure("cannot finish writing '\(output.file)': \(error)")
    }
    return RenderReport(
      frames: output.frameCount, warnings: sound?.report.warnings ?? [],
      loudness: sound?.report.loudness)
  }

  /// `jobs` cut into at most `lanes` contiguous runs of about the same number of frames.
  static func split(_ jobs: [SegmentJob], into lanes: Int) -> [[SegmentJob]] {
    let total = jobs.reduce(Int64(0)) { $0 + $1.frames.count }
    let count = max(1, min(lanes, jobs.count))
    var runs: [[SegmentJob]] = []
    var run: [SegmentJob] = []
    var done: Int64 = 0
    for job in jobs {
      run.append(job)
      done += job.frames.count
      // Cut where the frames so far reach the next lane's share of the total.
      if runs.count < count - 1, done * Int64(count) >= total * Int64(runs.count + 1) {
        runs.append(run)
        run = []
      }
    }
    if !run.isEmpty { runs.append(run) }
    return runs
  }
}

/// The lanes' errors, and how many lanes have ended.
private final class LaneErrors: @unchecked Sendable {
  private let lock = NSLock()
  private var errors: [any Error] = []
  private var count = 0

  func add(_ error: any Error) { lock.withLock { errors.append(error) } }
  /// A lane's thread has returned.
  func end() { lock.withLock { count += 1 } }
  var first: (any Error)? { lock.withLock { errors.first } }
  var ended: Int { lock.withLock { count } }
}

import Builds
import Foundation
public import GPU
import Outputs
public import RenderPlan

/// One output rendered make-style: skipped when its verdict says up to date, otherwise rendered
/// while its inputs are hashed beside it, and recorded once the movie is in place.
public struct IncrementalRender {
  /// The plan.
  public var plan: RenderPlan
  /// The output's build.
  public var build: OutputBuild
  /// The check's verdict.
  public var verdict: BuildVerdict
  /// For a segmented output (`output.segment`), its segments, when the caller has found them
  /// (to explain them) before the render: only the missing ones are encoded, then all are
  /// joined. Found by the render when not given.
  public var segments: SegmentedBuild?
  /// The segments to encode, each with why, when the caller has found them (to explain them);
  /// found by the render when not given.
  public var work: [SegmentWork]?
  /// How many segments are encoded at once.
  public var lanes: Int
  /// Starts the lanes as processes; nil runs them on threads of this process.
  public var laneProcesses: (any SegmentLaneProcesses)?

  /// A render of `plan` under `verdict`.
  public init(
    plan: RenderPlan, build: OutputBuild, verdict: BuildVerdict, segments: SegmentedBuild? = nil,
    work: [SegmentWork]? = nil, lanes: Int = SegmentEncoding.defaultLanes,
    laneProcesses: (any SegmentLaneProcesses)? = nil
  ) {
    self.plan = plan
    self.build = build
    self.verdict = verdict
    self.segments = segments
    self.work = work
    self.lanes = lanes
    self.laneProcesses = laneProcesses
  }

  /// What happened.
  public enum Outcome: Sendable {
    /// Nothing changed; nothing was written but, when stamps moved, the record.
    case upToDate
    /// The movie was rendered; `recordError` says why it could not be recorded, if it could not
    /// (the next render will then run again).
    case rendered(RenderReport, recordError: String?)
  }

  /// For an up-to-date output: keeps the record current when stamps or fields moved (a
  /// touched input, an edited comment), so the next check needs no hashing. Failing to is
  /// harmless: the next check hashes again.
  ///
  /// When a dependency (an input, a font file, or the project file at `project`) is newer than
  /// the output, the output's modification time is brought forward, as if it had been rebuilt:
  /// otherwise make would find it out of date and ask again on every run.
  ///
  /// Temporary files that killed renders of the output left beside it are removed, as a render
  /// would: a rerun that finds nothing to do must not keep them for ever.
  public func skip(project: String? = nil) {
    // The check has just read the inputs' stamps; the project's and the fonts' are new (the
    // depfile lists the fonts too, so make compares their times as well).
    let stamps =
      verdict.state.inputs.map(\.stamp) + [project.flatMap(FileStamp.read)]
      + verdict.state.fonts.keys.map(FileStamp.read)
    let newest = stamps.compactMap { $0?.modified }.max() ?? .min
    if let output = FileStamp.read(build.stampedFile), newest > output.modified {
      // Now, as a rebuild would: not the dependency's own time, which may lie ahead (a copy
      // from a machine with a fast clock) and would then hide the next real change.
      utimes(build.stampedFile, nil)
    }
    try? build.writeRecord(verdict.state)
    StagedOutput.removeStale(target: build.output)
  }

  /// Renders unless up to date (see `skip(project:)`). Throws what `MovieRender.run` throws.
  public func run(
    project: String? = nil, context: @autoclosure () throws -> GPUContext,
    progress: (Int64) -> Void = { _ in },
    cancellation: Cancellation = .never
  ) throws -> Outcome {
    if verdict.isUpToDate {
      skip(project: project)
      return .upToDate
    }
    if plan.output.segment != nil {
      let segments =
        try self.segments
        ?? SegmentedBuild(
          plan: plan, state: verdict.state, build: build, cancellation: cancellation)
      return try runSegmented(
        segments, context: context, progress: progress, cancellation: cancellation)
    }
    let hashing = HashingJob(build: build, state: verdict.state, cancellation: cancellation)
    let report: RenderReport
    do {
      let gpu = try context()
      report = try MovieRender(plan: plan, context: gpu).run(
        progress: progress, cancellation: cancellation)
      try PosterWrite.write(plan, context: gpu)
    } catch {
      // No record is written for a failed or interrupted render, so its hashes are not
      // needed: the hashing thread is left to finish alone rather than waited for, which for
      // gigabytes of sources would hold up a Ctrl-C by seconds.
      throw error
    }
    return record(report) { try hashing.wait().get() }
  }

  /// The outcome of a render that wrote `report`, after recording the state `hashed` gives.
  private func record(_ report: RenderReport, _ hashed: () throws -> BuildState) -> Outcome {
    do {
      try build.writeRecord(try hashed())
      return .rendered(report, recordError: nil)
    } catch {
      // unlink, not removeItem: a folder that took the record's name is not ours to delete.
      unlink(build.recordPath)
      let failure =
        error as? OutputFileError
        ?? .cannotWriteRecord(
          path: build.recordPath, reason: ErrorReason.of(error, besides: build.recordPath))
      return .rendered(report, recordError: failure.description)
    }
  }
}

extension IncrementalRender {
  /// Encodes the missing segments, joins them all into the output, and records both.
  private func runSegmented(
    _ segments: SegmentedBuild, context: () throws -> GPUContext,
    progress: (Int64) -> Void, cancellation: Cancellation
  ) throws -> Outcome {
    let render = SegmentedRender(
      plan: plan, digests: segments.digests, folder: segments.folder, processes: laneProcesses)
    // --force trusts no file of the folder: a damaged segment is made again with the rest.
    if verdict.reasons.contains(.forced) { segments.forget() }
    // The sound is made beside the segments, unless an earlier render made the same.
    let sound = segments.sound
    let made = try sound?.existing(cancellation: cancellation)
    let making = sound.flatMap { made == nil ? SoundMaking($0, cancellation: cancellation) : nil }
    let encoded: SegmentedRender.EncodeReport
    do {
      encoded = try render.encode(
        try work ?? segments.work(), of: render.indices(of: .all), lanes: lanes,
        progress: progress, cancellation: cancellation)
    } catch {
      making?.stop()
      throw error
    }
    let soundReport = try making?.wait() ?? made
    try cancellation.throwIfRequested()
    let staged = try StagedOutput(target: plan.resolvedPath(plan.output.file))
    var report: RenderReport
    do {
      report = try render.join(
        into: staged.temporaryPath,
        sound: try sound.map { sound in
          guard let soundReport else {
            throw RenderFailure("the sound's report '\(sound.reportFile)' cannot be read")
          }
          return (sound.file, soundReport)
        }, cancellation: cancellation)
      try staged.commit()
    } catch {
      staged.discard()
      throw error
    }
    report.warnings = encoded.warnings + report.warnings
    if plan.output.poster != nil { try PosterWrite.write(plan, context: try context()) }
    segments.recordJoin()
    return record(report) { segments.state }
  }
}

/// A segmented output's sound made on a thread of its own while the segments are encoded.
private final class SoundMaking: Sendable {
  /// What the thread and its owner share.
  private final class Shared: @unchecked Sendable {
    let lock = NSLock()
    var stopped = false
    var result: Result<SegmentSound.Report, any Error> = .failure(CancellationError())
  }

  private let shared: Shared
  private let worker: Worker

  init(_ sound: SegmentSound, cancellation: Cancellation) {
    let shared = Shared()
    self.shared = shared
    worker = Worker(name: "chromake sound") {
      let result = Result {
        try sound.make(cancellation: cancellation) {
          try cancellation.throwIfRequested()
          if shared.lock.withLock({ shared.stopped }) { throw CancellationError() }
        }
      }
      shared.lock.withLock { shared.result = result }
    }
  }

  /// Tells the thread to stop and waits for it (the segments failed).
  func stop() {
    shared.lock.withLock { shared.stopped = true }
    worker.join()
  }

  /// The report, once the sound is made; throws what making it threw.
  func wait() throws -> SegmentSound.Report {
    worker.join()
    return try shared.lock.withLock { shared.result }.get()
  }
}

/// Hashes a build's inputs on a thread of its own, so a render of large sources does not
/// wait for their hashes.
private final class HashingJob: @unchecked Sendable {
  private let finished = DispatchSemaphore(value: 0)
  private var result: Result<BuildState, any Error> = .failure(CancellationError())

  init(build: OutputBuild, state: BuildState, cancellation: Cancellation) {
    let thread = Thread { [self] in
      result = Result { try build.hashUnhashed(state, cancellation: cancellation) }
      finished.signal()
    }
    thread.name = "chromake hash"
    thread.start()
  }

  /// The hashed state, once the thread is done. Call once.
  func wait() -> Result<BuildState, any Error> {
    finished.wait()
    return result
  }
}

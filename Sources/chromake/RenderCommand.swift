import ArgumentParser
import Builds
import Diagnostics
import Foundation
import GPU
import Outputs
import PlanValues
import ProjectFile
import RenderPlan
import Rendering
import Session
import Timeline

/// `chromake render`: the project's video, written under a temporary name and renamed into
/// place only when complete.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render a project into its output movie."
  )

  @OptionGroup var options: ProjectOptions

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp(
      "Write the output here instead of the project's output.file, in this file's format.",
      valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "Show progress: auto (a bar on a terminal), bar, json (lines on standard output) or none.",
      valueName: "style"))
  var progress: ProgressOption = .auto

  @Flag(help: "Say which GPU renders, and why the device platform was not used.")
  var verbose = false

  @Option(
    help: ArgumentHelp(
      "After a successful render, write what the output depends on here, as a Makefile rule.",
      valueName: "file"))
  var depfile: String?

  @Flag(help: "Render even when the output is up to date.")
  var force = false

  @Flag(help: "Say why the output is rendered, or that it is up to date.")
  var explain = false

  @Option(
    help: ArgumentHelp(
      "Encode only share I of N of a segmented output's segments (output.segment), I from 0 "
        + "to N-1, into its segment folder; a later render without --segments joins them.",
      valueName: "I/N"))
  var segments: String?

  @Option(
    help: ArgumentHelp(
      "Encode this many segments of a segmented output at once, each in a process of its own "
        + "(default: one per core; at most \(JobCount.maximum), lowered to the cores and to "
        + "what the available memory holds).",
      valueName: "n"))
  var jobs: Int?

  func validate() throws {
    if let segments, Shard(parsing: segments) == nil {
      throw ValidationError(
        "--segments takes I/N with 0 ≤ I < N, as in 0/4 (a Slurm array's "
          + "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT); got '\(segments)'")
    }
    if let jobs { try JobCount.validate(jobs) }
    if segments != nil, depfile != nil {
      throw ValidationError("--depfile is written by the render that joins, not by a share")
    }
    if let output {
      _ = try OutputOverride.container(of: output)
      try OutputOverride.checkNames(output)
    }
  }

  func run() throws {
    // A parent that started us with SIGINT or SIGTERM blocked (Foundation's Process from a
    // dispatch thread does) would otherwise have an early signal discarded when the interrupt
    // watch starts ignoring it: unblocked now, it takes its default action before any output
    // exists.
    InterruptWatch.unblockSignals()
    // The record of the last render sits beside the output, whose path the project names;
    // it is read as soon as the project is, so inputs it vouches for are not probed again.
    let (session, planned, outputBuild) = try options.openBuild(output: outputPath)
    let overridden = try output.map { try OutputOverride.apply($0, to: planned) }
    let plan = overridden?.plan ?? planned
    if let output, let notes = overridden?.notes {
      for note in notes { Terminal.say("chromake: note: -o \(output): \(note)\n") }
    }
    if let output, !planned.audio.isEmpty, plan.audio.isEmpty {
      Terminal.say(
        "chromake: warning: -o \(output): \(plan.output.format.container.displayName) has no "
          + "sound: the project's sound is not mixed or written\n")
    }
    if let segments, let share = Shard(parsing: segments) {
      try renderShare(share, plan: plan, session: session, build: outputBuild)
      return
    }
    let verdict = try checkUpToDate(plan, session: session, build: outputBuild)
    if verdict.isUpToDate {
      IncrementalRender(plan: plan, build: outputBuild, verdict: verdict).skip(
        project: options.project)
      if let depfile { try writeDependencies(plan, to: depfile) }
      return
    }
    let segmented = try plan.output.segment.map { _ in
      try findSegments(plan, state: verdict.state, session: session, build: outputBuild)
    }
    // --force trusts no segment file: every one is encoded again.
    if force { segmented?.forget() }
    let missing = try segmented.map { try findWork($0, among: nil, session: session) }
    if let missing, let segmented, explain {
      Terminal.say(
        SegmentExplanation.text(missing, total: segmented.digests.count, fps: plan.output.fps)
          + (try soundExplanation(segmented, session: session)))
    }
    let job = IncrementalRender(
      plan: plan, build: outputBuild, verdict: verdict, segments: segmented, work: missing,
      lanes: lanes(for: plan, encoding: missing ?? []), laneProcesses: LaneProcesses())
    let context = try GPUSetup.context(verbose: verbose)
    let style = progress.resolved()
    let reporter = reporter(
      style, frames: missing.map { SegmentExplanation.frames($0) } ?? plan.output.frameCount)
    let watch = InterruptWatch()
    defer { watch.stop() }
    let started = ProgressReporter.uptimeSeconds()
    do {
      let outcome = try job.run(
        context: context, progress: { reporter.update(framesDone: $0) },
        cancellation: watch.cancellation)
      reporter.finish()
      guard case .rendered(let report, let recordError) = outcome else { return }
      if let recordError {
        Terminal.say("chromake: warning: \(recordError); the next render will run again\n")
      }
      RenderOutcome.reportWarnings(report.warnings, session: session)
      if let loudness = report.loudness {
        Terminal.say("loudness: \(loudness.text)\n")
      }
      if let depfile {
        try writeDependencies(plan, to: depfile)
      }
      if style == .bar {
        let seconds = ProgressReporter.uptimeSeconds() - started
        Terminal.say(
          "wrote \(plan.output.file): \(report.frames) frames in "
            + "\(String(format: "%.1f", seconds)) s on \(context.renderer)\n")
      }
    } catch {
      reporter.finish()
      throw RenderOutcome.exit(
        for: error, session: session,
        kept: segmented.map { _ in "the output was not written; " + Self.keptSegments })
    }
  }

  /// What an interrupted segmented render keeps.
  static let keptSegments = "the segments already encoded are kept for the next render"
}

extension RenderCommand {
  /// `--segments I/N`: encodes the share's missing segments into the segment folder, and
  /// neither joins nor records.
  private func renderShare(
    _ share: Shard, plan: RenderPlan, session: ProjectSession, build: OutputBuild
  ) throws {
    guard plan.output.segment != nil else {
      Terminal.say(
        "chromake: error: --segments needs a segmented output: the project has no "
          + "output.segment\n  help: for example, under output: segment: 2s\n")
      throw ExitCode.failure
    }
    // Said before anything is hashed or digested: the plan knows how many segments there are.
    let count = plan.output.segments.count
    let indices = SegmentedRender.indices(of: share, count: count)
    guard !indices.isEmpty else {
      Terminal.say("chromake: share \(share) has no segments: the output has \(count)\n")
      return
    }
    // Forced: a share looks at its segments, not at the joined output's record.
    let state = try build.check(plan, of: session, force: true, cancellation: .never).state
    let segmented = try findSegments(plan, state: state, session: session, build: build)
    let render = SegmentedRender(
      plan: plan, digests: segmented.digests, folder: segmented.folder,
      processes: LaneProcesses())
    let missing = try findWork(segmented, among: indices, session: session)
    if explain {
      Terminal.say(
        "chromake: share \(share) holds \(SegmentExplanation.held(indices))\n"
          + SegmentExplanation.text(missing, total: indices.count, fps: plan.output.fps))
    }
    let lanes = lanes(for: plan, encoding: missing)
    let context = try GPUSetup.context(verbose: verbose)
    let reporter = reporter(progress.resolved(), frames: SegmentExplanation.frames(missing))
    let watch = InterruptWatch()
    defer { watch.stop() }
    let started = ProgressReporter.uptimeSeconds()
    do {
      let report = try render.encode(
        missing, of: indices, lanes: lanes,
        progress: { reporter.update(framesDone: $0) },
        cancellation: watch.cancellation)
      reporter.finish()
      RenderOutcome.reportWarnings(report.warnings, session: session)
      let seconds = String(format: "%.1f", ProgressReporter.uptimeSeconds() - started)
      Terminal.say(
        "chromake: share \(share): \(SegmentExplanation.held(indices)): "
          + "encoded \(report.encoded) (\(report.frames) frames) in \(seconds) s on "
          + "\(context.renderer), \(report.reused) already encoded\n")
    } catch {
      reporter.finish()
      throw RenderOutcome.exit(for: error, session: session, kept: Self.keptSegments)
    }
  }

  /// The segments of `indices` (all when nil) to encode, each with why: every segment file
  /// found is hashed against the record of its bytes.
  private func findWork(
    _ segmented: SegmentedBuild, among indices: Range<Int>?, session: ProjectSession
  ) throws -> [SegmentWork] {
    do {
      return try segmented.work(among: indices)
    } catch {
      throw RenderOutcome.exit(for: error, session: session)
    }
  }

  /// `--explain`'s line on a segmented output's sound when a file of its name is there but is
  /// made again, and why; empty otherwise.
  private func soundExplanation(_ segmented: SegmentedBuild, session: ProjectSession) throws
    -> String
  {
    do {
      return try segmented.soundRemade().map { "chromake: sound: encoded again: \($0)\n" } ?? ""
    } catch {
      throw RenderOutcome.exit(for: error, session: session)
    }
  }

  /// How many segments to encode at once: `--jobs` (else one per core), lowered to the cores
  /// and the available memory, which is said when it lowers the count and there is something
  /// to encode.
  private func lanes(for plan: RenderPlan, encoding work: [SegmentWork]) -> Int {
    let limit = LaneLimit.onThisMachine(
      asked: jobs, pixels: Int64(plan.output.width) * Int64(plan.output.height))
    if let lowered = limit.lowered, !work.isEmpty {
      let asked = jobs ?? ProcessInfo.processInfo.activeProcessorCount
      Terminal.say(
        "chromake: note: encoding \(limit.lanes) segments at once, not \(asked): \(lowered)\n")
    }
    return limit.lanes
  }

  /// Progress for `frames` frames: JSON lines on standard output, else on standard error.
  private func reporter(_ style: ProgressStyle, frames: Int64) -> ProgressReporter {
    ProgressReporter(
      style: style, frameCount: frames,
      write: style == .json ? Terminal.writeOutput : Terminal.writeError)
  }

  /// The output's segments, every input hashed; an input that cannot be read is an error
  /// that names it. No watch runs yet (a signal now ends the process before anything is
  /// written), so nothing cancels the hashing.
  private func findSegments(
    _ plan: RenderPlan, state: BuildState, session: ProjectSession, build: OutputBuild
  ) throws -> SegmentedBuild {
    do {
      return try SegmentedBuild(plan: plan, state: state, build: build, cancellation: .never)
    } catch {
      throw RenderOutcome.exit(for: error, session: session)
    }
  }

  /// The output the project writes, resolved: `-o` when given.
  private func outputPath(_ spec: ProjectSpec) -> String {
    if let output {
      return ProjectPaths.resolve(output, in: FileManager.default.currentDirectoryPath)
    }
    return ProjectPaths.resolve(spec.output.file.value, in: spec.directory)
  }

  /// The up-to-date verdict, said on standard error: "up to date" when the render is
  /// skipped, and with `--explain` every reason it is not. Made before the render's watch
  /// starts: a signal now ends the process before anything is written.
  private func checkUpToDate(_ plan: RenderPlan, session: ProjectSession, build: OutputBuild)
    throws -> BuildVerdict
  {
    let verdict: BuildVerdict
    do {
      verdict = try build.check(plan, of: session, force: force, cancellation: .never)
    } catch {
      let shown = BuildExplanation.displayPath(build.output)
      Terminal.say(
        "chromake: error: cannot check whether '\(shown)' is up to date: "
          + "\(ErrorReason.of(error))\n")
      throw ExitCode.failure
    }
    let shown = BuildExplanation.displayPath(build.output)
    if verdict.isUpToDate {
      Terminal.say("chromake: \(shown) is up to date\n")
    } else if explain {
      Terminal.say(BuildExplanation.text(output: shown, reasons: verdict.reasons, plan: plan))
    }
    return verdict
  }

  /// Writes the dependency file in one step (a build tool never reads half of one).
  private func writeDependencies(_ plan: RenderPlan, to path: String) throws {
    let text = DependencyFile.text(
      plan: plan, project: options.project, folder: FileManager.default.currentDirectoryPath)
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      Terminal.say(
        "chromake: error: cannot write the --depfile '\(path)': "
          + "\(ErrorReason.of(error, besides: path))\n")
      throw ExitCode.failure
    }
  }
}

extension ProgressOption: ExpressibleByArgument {}

import Foundation
import Outputs
public import RenderPlan

/// One lane of a segmented render, handed to a process of its own: the plan, the output whose
/// segment folder it writes, and the segments to encode, in order.
///
/// A render sends it whole (as JSON) so that the lane encodes exactly what the render planned
/// and digested: the lane process reads no project file, probes no media and hashes no input,
/// and an edit made to the project meanwhile cannot reach a segment named by the old digest.
public struct SegmentRun: Codable, Sendable {
  public var plan: RenderPlan
  /// The output's path, which names the segment folder.
  public var output: String
  public var jobs: [SegmentJob]

  public init(plan: RenderPlan, output: String, jobs: [SegmentJob]) {
    self.plan = plan
    self.output = output
    self.jobs = jobs
  }

  enum CodingKeys: String, CodingKey {
    case plan, folders, output, jobs
  }

  // The plan with its folders (`PlanFolders`), which its own JSON leaves out.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let folders = try c.decode(PlanFolders.self, forKey: .folders)
    guard let plan = folders.applied(to: try c.decode(RenderPlan.self, forKey: .plan)) else {
      throw DecodingError.dataCorruptedError(
        forKey: .folders, in: c, debugDescription: "the folders are not the plan's")
    }
    self.plan = plan
    output = try c.decode(String.self, forKey: .output)
    jobs = try c.decode([SegmentJob].self, forKey: .jobs)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(plan, forKey: .plan)
    try c.encode(PlanFolders(of: plan), forKey: .folders)
    try c.encode(output, forKey: .output)
    try c.encode(jobs, forKey: .jobs)
  }

  /// Encodes the run on a lane of this process. `progress` hears the frames composited so
  /// far; the lane stops once `cancellation` is requested.
  public func encode(
    progress: (Int64) -> Void = { _ in }, cancellation: Cancellation = .never
  ) throws -> Report {
    let folder = SegmentFolder(output: output)
    try folder.create()
    let control = LaneControl()
    let lane = SegmentLane(
      plan: plan, jobs: jobs, folder: folder, control: control, cancellation: cancellation)
    try SegmentedRender.run(
      [lane], control: control, progress: progress, cancellation: cancellation)
    return Report(encoded: lane.encoded, frames: control.framesDone, warnings: lane.warnings)
  }

  /// What a lane did.
  public struct Report: Codable, Sendable {
    /// Segments it encoded (the others of its run were already in the folder).
    public var encoded: Int
    /// Frames composited.
    public var frames: Int64
    /// Problems that did not stop it.
    public var warnings: [RenderFailure]

    public init(encoded: Int, frames: Int64, warnings: [RenderFailure]) {
      self.encoded = encoded
      self.frames = frames
      self.warnings = warnings
    }
  }
}

/// Runs the lanes of a segmented render as processes, one per run: the command line starting
/// itself again (`LaneProcesses`), so that each lane has a GPU driver of its own rather than a
/// turn at this process's (`GPUContext.driverLock`).
public protocol SegmentLaneProcesses: Sendable {
  /// Encodes every run, all at once, and returns their reports in the runs' order.
  /// `progress` hears the frames composited so far by all of them; they all stop once
  /// `cancellation` is requested. Throws the first lane's failure, once every lane has
  /// ended.
  func encode(
    _ runs: [SegmentRun], progress: (Int64) -> Void, cancellation: Cancellation
  ) throws -> [SegmentRun.Report]
}

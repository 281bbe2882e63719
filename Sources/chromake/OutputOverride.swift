import ArgumentParser
import Foundation
import PlanValues
import Planning
import ProjectFile
import RenderPlan

/// `-o FILE`: another output path for one render, checked like `output.file`.
enum OutputOverride {
  /// The container the path's extension names, as `output.file`'s does.
  static func container(of path: String) throws -> OutputContainer {
    guard let container = OutputContainer.of(path: path) else {
      throw ValidationError(
        "-o \(path): the output must end in one of \(OutputContainer.extensions)")
    }
    if container == .png, FramePattern(path) == nil {
      throw ValidationError(
        "-o \(path): a PNG sequence's name needs one frame-number pattern, as in "
          + "out/frames/%05d.png")
    }
    return container
  }

  /// Refuses a path whose name, or a name chromake derives from it (the record, the temporary
  /// file), is too long for the file system, as `check` refuses such an `output.file`.
  static func checkNames(_ path: String) throws {
    let folder = FileManager.default.currentDirectoryPath
    let absolute = path.hasPrefix("/") ? path : folder + "/" + path
    if let problem = OutputNameProblem.of(absolute) {
      throw ValidationError("\(problem.message(subject: "-o \(path)")); \(problem.help)")
    }
  }

  /// `plan` writing to `path` (relative to the current folder, as command-line paths are),
  /// and a note for each of the project's format requests that `path`'s container cannot
  /// honour and that the render gives up for that container's own choice.
  static func apply(_ path: String, to plan: RenderPlan) throws -> (
    plan: RenderPlan, notes: [String]
  ) {
    let absolute = ProjectPaths.resolve(path, in: FileManager.default.currentDirectoryPath)
    let inputs = plan.inputs.map { ProjectPaths.resolve($0.path, in: plan.directory) }
    guard !inputs.contains(where: { ProjectPaths.sameFile($0, absolute) }) else {
      throw ValidationError("-o \(path): the output cannot be one of the project's inputs")
    }
    let container = try container(of: path)
    var plan = plan
    let output = plan.output
    if output.format.container.isPictures, !container.isPictures {
      throw ValidationError(
        "-o \(path): the project writes \(output.format.container.displayName), which has no "
          + "sound, so its plan has none; change output.file to render a movie")
    }
    // Decided again for the new container, by the planner's rule, from what the file asked
    // less what that container cannot hold.
    let (choice, notes) = output.formatChoice.fitted(
      from: output.format.video, to: container)
    switch OutputFormat.decide(
      container: container, choice: choice,
      transparent: output.background == .transparent, sampleRate: output.audio.sampleRate)
    {
    case .success(let format):
      plan.output.format = format
    case .failure(let problem):
      throw ValidationError(
        "-o \(path): \(problem.message)" + (problem.help.map { " (\($0))" } ?? ""))
    }
    plan.output.audio.bitrate = Planner.bitrate(of: plan.output.format, choice: choice)
    if plan.output.format.audio == nil {
      plan.audio = []
      plan.ducking = []
    }
    if plan.output.segment != nil, !container.joinsSegments {
      throw ValidationError(
        "-o \(path): output.segment joins its segments into .mp4 and .mov files only")
    }
    plan.output.file = absolute
    return (plan, notes)
  }
}

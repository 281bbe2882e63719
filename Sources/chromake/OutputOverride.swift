import ArgumentParser
import Foundation
import ProjectFile
import RenderPlan

/// `-o FILE`: another output path for one render, checked like `output.file`.
enum OutputOverride {
  /// `mp4` or `mov`, from the file's extension.
  static func container(of path: String) throws -> String {
    let ext = (path as NSString).pathExtension.lowercased()
    guard ext == "mp4" || ext == "mov" else {
      throw ValidationError("-o \(path): the output must end in .mp4 or .mov")
    }
    return ext
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

  /// `plan` writing to `path` (relative to the current folder, as command-line paths are).
  static func apply(_ path: String, to plan: RenderPlan) throws -> RenderPlan {
    let absolute = ProjectPaths.resolve(path, in: FileManager.default.currentDirectoryPath)
    let inputs = plan.inputs.map { ProjectPaths.resolve($0.path, in: plan.directory) }
    guard !inputs.contains(where: { ProjectPaths.sameFile($0, absolute) }) else {
      throw ValidationError("-o \(path): the output cannot be one of the project's inputs")
    }
    var plan = plan
    plan.output.file = absolute
    plan.output.container = try container(of: path)
    return plan
  }
}

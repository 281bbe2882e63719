import Foundation
import PlanValues
public import RenderPlan

/// What a render's output depends on, in the Makefile syntax that `make` includes and ninja
/// reads with `deps = gcc`: `output: project sources… fonts…`, so a build tool reruns the
/// render when the project file, any source, matte or audio file, or a font file a text layer
/// is drawn from changes.
public enum DependencyFile {
  /// The rule for `plan`'s output. Paths inside `folder` (the build's working folder) are
  /// written relative to it, as the build file names them; others stay absolute. `fonts` are
  /// the font files the text layers use (absolute), as fontconfig resolves them now.
  public static func text(
    plan: RenderPlan, project: String, folder: String, fonts: [String]? = nil
  ) -> String {
    // A PNG sequence stands as its first frame, whose stamp the build keeps (`OutputBuild`).
    let file = ProjectPaths.resolve(plan.output.file, in: plan.directory)
    let output = relative(FramePattern(file)?.path(frame: 0) ?? file, to: folder)
    let inputs =
      plan.inputs.map {
        relative(ProjectPaths.resolve($0.path, in: plan.directory), to: folder)
      } + (fonts ?? FontFiles.used(by: plan)).map { relative($0, to: folder) }
    let projectPath = relative(ProjectPaths.resolve(project, in: folder), to: folder)
    var lines = ["\(escape(output)):"]
    for prerequisite in [projectPath] + inputs {
      lines[lines.count - 1] += " \\"
      lines.append("  \(escape(prerequisite))")
    }
    // An empty rule per input and font (gcc's -MP): when an input is deleted, make then runs
    // the render, which names the missing file at its line, instead of stopping with "No rule
    // to make target". The project file has a rule of its own in the build file.
    for input in inputs { lines.append("\n\(escape(input)):") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `path` relative to `folder` when it lies inside it.
  public static func relative(_ path: String, to folder: String) -> String {
    let base = folder.hasSuffix("/") ? folder : folder + "/"
    return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
  }

  /// Make's escapes: a space or `#` behind a backslash, `$` doubled. (A colon needs none in a
  /// prerequisite, and ninja's depfile reader takes the same escapes.)
  static func escape(_ path: String) -> String {
    var escaped = ""
    for character in path {
      switch character {
      case " ", "#": escaped += "\\\(character)"
      case "$": escaped += "$$"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}

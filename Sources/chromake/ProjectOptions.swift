import ArgumentParser
import ProjectFile
import RenderPlan
import Renderer

/// The options every command that reads a project shares.
struct ProjectOptions: ParsableArguments {
  @Argument(help: "The project file to read (YAML).")
  var project: String

  @Option(
    name: .customLong("set"),
    help: ArgumentHelp(
      "Override a {{name}} variable; repeatable.",
      valueName: "name=value"))
  var assignments: [String] = []

  @Flag(
    help: "Let a path built from a {{variable}} lead outside the project's folder.")
  var allowOutsideRoot = false

  /// Every command's front half: loads, checks and plans the project, prints its diagnostics,
  /// and gives the session and plan, or exits 65 when the project has errors.
  ///
  /// `known` gives facts of inputs already probed (see `ProjectSession.open`).
  func openPlan(known: (ProjectSpec, String) -> MediaFacts? = { _, _ in nil }) throws -> (
    session: ProjectSession, plan: RenderPlan
  ) {
    let session = ProjectSession.open(
      path: project, overrides: overrides, allowOutsideRoot: allowOutsideRoot, known: known)
    Terminal.report(session.diagnostics, sources: session.sources)
    guard let plan = session.plan, !session.diagnostics.hasErrors else {
      throw ExitCode.projectErrors
    }
    return (session, plan)
  }

  /// `--set` values, in order (a later one for the same name wins).
  var overrides: [VariableOverride] {
    assignments.compactMap(Self.split).map { VariableOverride(name: $0.name, value: $0.value) }
  }

  func validate() throws {
    for assignment in assignments {
      guard let (name, _) = Self.split(assignment) else {
        throw ValidationError("--set needs name=value, got '\(assignment)'")
      }
      guard VariableTable.isValidName(name) else {
        throw ValidationError(
          "--set \(assignment): '\(name)' is not a variable name (a letter or '_', then letters, digits or '_')"
        )
      }
    }
  }

  private static func split(_ assignment: String) -> (name: String, value: String)? {
    guard let equals = assignment.firstIndex(of: "=") else { return nil }
    return (String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...]))
  }
}

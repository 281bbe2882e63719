import ArgumentParser
import Builds
import ProjectFile
import RenderPlan
import Session

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

  @Flag(
    help:
      "Run the speech engines the project declares as commands (engines:): programs of its own choosing."
  )
  var allowEngines = false

  /// Every command's front half: loads, checks and plans the project, prints its diagnostics,
  /// and gives the session and plan, or exits 65 when the project has errors.
  func openPlan() throws -> (session: ProjectSession, plan: RenderPlan) {
    try planned(
      ProjectSession.open(
        path: project, overrides: overrides, allowOutsideRoot: allowOutsideRoot,
        allowEngines: allowEngines))
  }

  /// `openPlan()` for a render: also the build of the output at `output(spec)`, whose record
  /// spares probing the inputs it vouches for.
  func openBuild(output: @escaping (ProjectSpec) -> String) throws -> (
    session: ProjectSession, plan: RenderPlan, build: OutputBuild
  ) {
    let (session, build) = ProjectSession.openWithBuild(
      path: project, overrides: overrides, allowOutsideRoot: allowOutsideRoot,
      allowEngines: allowEngines, chromake: Chromake.version, output: output)
    let (checked, plan) = try planned(session)
    // A plan comes from a spec, and every spec has a build.
    guard let build else { throw ExitCode.projectErrors }
    return (checked, plan, build)
  }

  /// Prints the session's diagnostics; its plan, or exit 65.
  private func planned(_ session: ProjectSession) throws -> (
    session: ProjectSession, plan: RenderPlan
  ) {
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

import Builds
import Outputs
import PlanValues
public import ProjectFile
public import RenderPlan

extension ProjectSession {
  /// Opens the project at `path` together with the build of its output.
  ///
  /// The output's record is read as soon as the project is (its path comes from the spec, or
  /// from `output`), so inputs it vouches for are not probed again; `known` is asked first,
  /// for facts the caller already has (a batch's earlier rows). The build is `nil` only when
  /// the file could not be read into a spec at all.
  public static func openWithBuild(
    path: String, overrides: [VariableOverride], allowOutsideRoot: Bool,
    allowEngines: Bool = false, chromake: String,
    output: @escaping (ProjectSpec) -> String = {
      ProjectPaths.resolve($0.output.file.value, in: $0.directory)
    },
    cache: ChildPlanCache? = nil, known: @escaping (String) -> MediaFacts? = { _ in nil }
  ) -> (session: ProjectSession, build: OutputBuild?) {
    var opened: OutputBuild?
    func build(for spec: ProjectSpec) -> OutputBuild {
      let made = opened ?? OutputBuild(output: output(spec), chromake: chromake)
      opened = made
      return made
    }
    let session = open(
      path: path, overrides: overrides, allowOutsideRoot: allowOutsideRoot,
      allowEngines: allowEngines, cache: cache
    ) {
      spec, resolved in
      known(resolved) ?? build(for: spec).knownFacts(resolved, directory: spec.directory)
    }
    return (session, session.spec.map(build(for:)))
  }
}

extension OutputBuild {
  /// The verdict on `plan`, made from `session`'s project; its hashing stops once
  /// `cancellation` is requested.
  public func check(
    _ plan: RenderPlan, of session: ProjectSession, force: Bool, cancellation: Cancellation
  ) throws -> BuildVerdict {
    try check(
      plan: plan, fields: session.fields,
      variables: (session.spec?.variables ?? [:]).mapValues(\.value), force: force,
      cancellation: cancellation)
  }
}

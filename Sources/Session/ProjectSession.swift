public import Diagnostics
import Foundation
import PlanValues
import Planning
public import ProjectFile
public import RenderPlan

/// The shared front half of every command: load → check media → plan.
///
/// Every stage runs as far as it can, so one run reports every problem: a spec with errors is
/// still probed, and its media checked, before the session gives up.
public struct ProjectSession: Sendable {
  /// The spec, when the file could be read.
  public var spec: ProjectSpec?
  /// The plan, when there were no errors.
  public var plan: RenderPlan?
  /// Every problem, in file order.
  public var diagnostics: [Diagnostic]
  /// File texts for quoting in messages.
  public var sources: SourceText
  /// Every value the project file sets, after substitution (for `--explain`).
  public var fields: [ProjectField] = []

  /// Loads, inspects and plans the project at `path`.
  ///
  /// `known` gives the facts of a file already probed, by resolved path (a render record's, for
  /// a file whose stamp has not changed), so a check that nothing changed need not open them.
  ///
  /// The projects its `project:` layers draw are loaded and planned first, depth first
  /// (`ChildProjects`); `cache` shares them between the rows of a batch.
  public static func open(
    path: String, overrides: [VariableOverride], allowOutsideRoot: Bool = false,
    allowEngines: Bool = false,
    cache: ChildPlanCache? = nil,
    known: @escaping (ProjectSpec, String) -> MediaFacts? = { _, _ in nil }
  ) -> ProjectSession {
    let loaded = ProjectLoader.load(
      path: path, overrides: overrides, allowOutsideRoot: allowOutsideRoot)
    var session = ProjectSession(
      spec: loaded.spec, plan: nil, diagnostics: loaded.diagnostics, sources: loaded.sources,
      fields: loaded.fields)
    guard let spec = loaded.spec else { return session }
    var children = ChildProjects(
      root: spec, allowOutsideRoot: allowOutsideRoot, allowEngines: allowEngines, known: known,
      cache: cache)
    children.load(
      childrenOf: spec,
      chain: [.init(file: URL(fileURLWithPath: spec.path).standardizedFileURL.path, drawnAt: nil)])
    session.diagnostics += children.diagnostics
    session.sources.merge(children.sources)
    session.plan = children.plan(spec, diagnostics: &session.diagnostics) { known(spec, $0) }
    session.diagnostics = session.diagnostics.sortedByLocation()
    return session
  }
}

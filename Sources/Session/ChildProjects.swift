import Diagnostics
import Foundation
import PlanValues
import Planning
import ProjectFile
import RenderPlan
import Timeline
import Typesetting

/// The projects a project draws as `project:` layers, loaded, checked and planned depth first,
/// at the root project's frame rate and audio format: the plans and facts its planner needs
/// (docs/ARCHITECTURE.md, "Projects inside projects").
///
/// A child's own problems are reported at its own file and line, with a note at the layer
/// that draws it (and at each layer above, for a grandchild). A child that draws itself,
/// directly or through others, or nesting deeper than `deepest`, is an error naming the chain.
struct ChildProjects {
  /// How deep projects may nest: the root's children are at depth 1.
  static let deepest = 8

  /// One step of the chain from the root to a child: the file, and where the file before it
  /// draws it.
  struct Link {
    /// The file, resolved.
    var file: String
    /// The file with every symbolic link on its way followed: what tells a cycle through a
    /// link (`link -> .`, `link/a.yaml`) from a chain that only grows deeper.
    var identity: String
    /// Where the file before it names it (`project:`), or nil for the root.
    var drawnAt: SourceLocation?

    init(file: String, drawnAt: SourceLocation?) {
      self.file = file
      identity = Self.identity(of: file)
      self.drawnAt = drawnAt
    }

    /// `file` with every symbolic link followed, or as it is where it cannot be.
    private static func identity(of file: String) -> String {
      guard let real = realpath(file, nil) else { return file }
      defer { free(real) }
      return String(cString: real)
    }
  }

  /// Each child's plan, by `ProjectLayerSpec.key(in:)`.
  private(set) var plans: [String: RenderPlan] = [:]
  /// Each child's facts as its parent sees them, by the same key.
  private(set) var facts: [String: MediaFacts] = [:]
  /// Every problem in every child, with notes at the layers that draw it.
  private(set) var diagnostics: [Diagnostic] = []
  /// The children's texts, for quoting their lines.
  private(set) var sources = SourceText()

  private let root: ProjectSpec
  private let allowOutsideRoot: Bool
  /// Whether speech engines declared as commands may run (`--allow-engines`).
  private let allowEngines: Bool
  private let known: (ProjectSpec, String) -> MediaFacts?
  private let cache: ChildPlanCache?
  /// Keys already being loaded or loaded: a child drawn twice with the same values is
  /// loaded once.
  private var visited: Set<String> = []

  /// Ready to load the children of `root`, whose frame rate and audio format they are
  /// planned at. `known` gives the facts of a file already probed, as for the root.
  init(
    root: ProjectSpec, allowOutsideRoot: Bool, allowEngines: Bool = false,
    known: @escaping (ProjectSpec, String) -> MediaFacts?,
    cache: ChildPlanCache?
  ) {
    self.root = root
    self.allowOutsideRoot = allowOutsideRoot
    self.allowEngines = allowEngines
    self.known = known
    self.cache = cache
  }

  /// Loads every child `spec` draws, and theirs; `chain` ends with `spec`'s own link.
  mutating func load(childrenOf spec: ProjectSpec, chain: [Link]) {
    for layer in spec.drawnLayers {
      guard case .project(let project) = layer.content, !project.file.value.isEmpty else {
        continue
      }
      load(project, of: layer, in: spec, chain: chain)
    }
  }

  private mutating func load(
    _ project: ProjectLayerSpec, of layer: LayerSpec, in spec: ProjectSpec, chain: [Link]
  ) {
    let key = project.key(in: spec.directory)
    // Two uses with the same values, one of them from data, are both checked: the path rules
    // hold the data one to the root's folder.
    guard visited.insert(key + Self.dataMarks(project)).inserted else { return }
    let file = ProjectPaths.resolve(project.file.value, in: spec.directory)
    let subject = "layer '\(layer.name.value)'"
    let note = Diagnostic.Note(
      "in project '\(project.file.value)', drawn by \(subject)", at: project.file.location)
    let link = Link(file: file, drawnAt: project.file.location)
    if let repeated = chain.firstIndex(where: { $0.identity == link.identity }) {
      diagnostics.append(cycle(chain[repeated...] + [link], at: project.file.location))
      return
    }
    guard chain.count <= Self.deepest else {
      diagnostics.append(tooDeep(chain + [link], at: project.file.location))
      return
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory),
      !isDirectory.boolValue
    else {
      diagnostics.append(
        .error(
          "missing-project",
          isDirectory.boolValue
            ? "\(subject): '\(project.file.value)' is a folder, not a project file"
            : "\(subject): no such project file '\(project.file.value)'",
          at: project.file.location,
          notes: project.file.substitutionNotes
            + (project.file.value == file ? [] : [.init("resolved to \(file)")]),
          help: "relative paths are resolved against the project file's folder"))
      return
    }
    guard ["yaml", "yml"].contains((file as NSString).pathExtension.lowercased()) else {
      diagnostics.append(
        .error(
          "not-a-project",
          "\(subject): '\(project.file.value)' is not a project file: its name does not end "
            + "in .yaml or .yml",
          at: project.file.location, notes: project.file.substitutionNotes,
          help: "name a chromake project file"))
      return
    }
    // Named as the parent's path and the layer's text name it, so messages say
    // `bumpers/intro.yaml`, as the user would, rather than an absolute path.
    let folder = (spec.path as NSString).deletingLastPathComponent
    let shown =
      project.file.value.hasPrefix("/") || folder.isEmpty
      ? ProjectPaths.display(project.file.value)
      : ProjectPaths.display(folder + "/" + project.file.value)
    let result = planned(
      project, file: shown, layer: layer.name.value, key: key, chain: chain + [link])
    sources.merge(result.sources)
    diagnostics += result.diagnostics.map { $0.adding(note) }
    if let plan = result.plan {
      plans[key] = plan
      facts[key] = CompositionPlan.facts(of: plan)
    }
  }

  /// The child at `file` loaded with the layer's variables, checked and planned, or taken from
  /// the cache a batch shares between its rows.
  private mutating func planned(
    _ project: ProjectLayerSpec, file: String, layer: String, key: String, chain: [Link]
  ) -> ChildPlanCache.Entry {
    let cacheKey = ChildPlanCache.Key(
      child: key, dataMarks: Self.dataMarks(project), depth: chain.count,
      rootDirectory: root.directory, fps: root.output.fps.value,
      sampleRate: root.output.audio.sampleRate.value,
      channels: root.output.audio.channels.value, allowOutsideRoot: allowOutsideRoot,
      allowEngines: allowEngines)
    if let cached = cache?.entry(cacheKey) {
      // Its grandchildren's plans come with it, for its own planner; they are in its plan.
      return cached
    }
    let overrides = project.variables.map { variable in
      // Where the parent's placeholders in the value came from (a `--set`, a data cell), so a
      // problem in the child names what the user would change.
      let made = variable.value.substitutions.map { "'{{\($0.name)}}' from \($0.origin)" }
      return VariableOverride(
        name: variable.name.value, value: variable.value.value,
        origin: "variables of layer '\(layer)'"
          + (made.isEmpty ? "" : ", with " + made.joined(separator: ", ")),
        source: variable.value.location,
        // Written as it is in the parent: the parent's author's text, not data.
        isData: variable.value.substitutions.contains(where: \.isData))
    }
    // A path made from data in the child is held to the root's folder, the one the user
    // rendered, not the child's: a bumper in `bumpers/` may name `../media/{{brand}}.png`.
    let loaded = ProjectLoader.load(
      path: file, overrides: overrides, allowOutsideRoot: allowOutsideRoot,
      dataRoot: root.directory)
    guard loaded.isProject else {
      // Not a project at all: none of its lines are quoted, whatever file it is.
      return ChildPlanCache.Entry(
        plan: nil,
        diagnostics: [
          .error(
            "not-a-project",
            "layer '\(layer)': '\(project.file.value)' is not a chromake project: its top "
              + "level is not a mapping with 'version:'",
            at: project.file.location, notes: project.file.substitutionNotes,
            help: "a project starts with 'version: 1', then 'output:' and 'layers:'")
        ], sources: SourceText())
    }
    var entry = ChildPlanCache.Entry(
      plan: nil, diagnostics: loaded.diagnostics, sources: loaded.sources)
    guard let read = loaded.spec else { return entry }
    // Planned at the root's frame rate and audio format, whatever it says of its own; its
    // `45f` still counts its own frames.
    var spec = read.framesAsSeconds(fps: read.output.fps.value)
    spec.output.fps.value = root.output.fps.value
    spec.output.audio.sampleRate.value = root.output.audio.sampleRate.value
    spec.output.audio.channels.value = root.output.audio.channels.value
    spec.output.audio.loudness = nil
    spec.output.audio.truePeak = nil
    // Drawn, not written: its own output format plays no part (`CompositionPlan.asChild` gives
    // it the parent's), so a child that writes a GIF of its own still gives the parent its
    // sound, and asks for no codec the parent's container would refuse.
    spec.output.file.value = "child.mp4"
    spec.output.video = VideoSettings()
    spec.output.audio.codec = nil
    spec.output.audio.bitrate = nil
    spec.output.poster = nil
    spec.output.segment = nil
    var children = ChildProjects(
      root: root, allowOutsideRoot: allowOutsideRoot, allowEngines: allowEngines, known: known,
      cache: cache)
    children.load(childrenOf: spec, chain: chain)
    entry.sources.merge(children.sources)
    entry.diagnostics += children.diagnostics
    let root = self.root
    entry.plan = children.plan(spec, diagnostics: &entry.diagnostics) { known(root, $0) }
    // One with errors is planned again for each row, so its errors name that row's data (a
    // warning, about the same values, may name the row that planned it first).
    if !entry.diagnostics.hasErrors { cache?.store(entry, for: cacheKey) }
    return entry
  }

  /// The names of the layer's variables for the child whose values are data, sorted: with the
  /// values' key (`ProjectLayerSpec.key`), two uses with the same values are one only when the
  /// same variables are data, whatever order each layer writes them in.
  private static func dataMarks(_ project: ProjectLayerSpec) -> String {
    project.variables.filter { $0.value.substitutions.contains(where: \.isData) }
      .map(\.name.value).sorted().joined(separator: "\u{0}")
  }

  /// The last steps of opening `spec`, a root or a child, once these (its children) are
  /// loaded: its media probed (`known` first), checked against their facts and the children's,
  /// and planned if nothing so far (`diagnostics`, to which what these steps find is added) is
  /// an error.
  func plan(
    _ spec: ProjectSpec, diagnostics: inout [Diagnostic], known: (String) -> MediaFacts?
  ) -> RenderPlan? {
    // Speech first: a `speak` track plays the WAV this makes, which is probed like any file.
    let (spec, speechProblems) = SpokenTracks.make(
      spec, cache: .userCache(), allowEngines: allowEngines)
    diagnostics += speechProblems
    let inspection = MediaInspector.inspect(spec, known: known)
    let facts = inspection.facts.merging(self.facts) { first, _ in first }
    diagnostics += inspection.diagnostics + MediaChecks.check(spec, facts: facts)
    guard !diagnostics.hasErrors else { return nil }
    let planned = Planner.plan(
      spec, facts: facts, fonts: FontInspector.inspect(spec), texts: TypesetTextFitter(),
      children: plans)
    diagnostics += planned.diagnostics
    return planned.plan
  }

  /// `a.yaml:4 → b.yaml:6 → a.yaml`: each file with the line where it draws the next.
  private func chainText(_ links: some Collection<Link>) -> String {
    let links = Array(links)
    return links.indices.map { index in
      let name = URL(fileURLWithPath: links[index].file).lastPathComponent
      guard index + 1 < links.count, let at = links[index + 1].drawnAt else { return name }
      return "\(name):\(at.line)"
    }.joined(separator: " → ")
  }

  private func cycle(_ links: some Collection<Link>, at location: SourceLocation) -> Diagnostic {
    let links = Array(links)
    return .error(
      "project-cycle",
      "project '\(URL(fileURLWithPath: links[0].file).lastPathComponent)' draws itself: \(chainText(links))",
      at: location,
      notes: links.dropFirst().compactMap { link in
        link.drawnAt.map {
          .init("draws '\(URL(fileURLWithPath: link.file).lastPathComponent)' here", at: $0)
        }
      },
      help: "a project cannot contain itself; draw the repeated part as a layer of both instead")
  }

  private func tooDeep(_ links: [Link], at location: SourceLocation) -> Diagnostic {
    .error(
      "project-too-deep",
      "projects are nested more than \(Self.deepest) deep: \(chainText(links))", at: location,
      help: "draw some of the inner projects' layers directly in an outer one")
  }
}

/// Children's plans shared between the rows of a batch: a child drawn with the same variables
/// in every row is loaded, probed and planned once.
public final class ChildPlanCache: @unchecked Sendable {
  /// What decides a child's plan besides its files: its key (file and variables) and what
  /// the root decides of it.
  struct Key: Hashable {
    var child: String
    /// Which of its variables are data: the path rules hold those to the root's folder.
    var dataMarks: String
    /// How deep it is drawn: one reached deeper has fewer levels left for its own children.
    var depth: Int
    /// The root's folder, to which its data paths are held.
    var rootDirectory: String
    var fps: Rational
    var sampleRate: Int
    var channels: Int
    var allowOutsideRoot: Bool
    var allowEngines: Bool
  }

  /// A child as loaded: its plan when it has no errors, its problems and its texts.
  struct Entry {
    var plan: RenderPlan?
    var diagnostics: [Diagnostic]
    var sources: SourceText
  }

  private let lock = NSLock()
  private var entries: [Key: Entry] = [:]

  /// An empty cache.
  public init() {}

  func entry(_ key: Key) -> Entry? {
    lock.withLock { entries[key] }
  }

  func store(_ entry: Entry, for key: Key) {
    lock.withLock { entries[key] = entry }
  }
}

public import Diagnostics
public import RenderPlan

/// What `chromake preview` shows: a project file and how to load, check and plan it, which
/// the preview does again each time a file it reads is saved.
public struct PreviewProject: Sendable {
  /// The project file, as given on the command line.
  public var path: String
  /// Files besides the project's own inputs whose change means planning again (the data file
  /// a row comes from).
  public var extraFiles: [String]
  /// Loads, checks and plans the project as `chromake plan` does. `known` gives the facts of
  /// a media file (by resolved path) that have not changed since the last plan, so a save of
  /// the project file does not probe every input again.
  public var open:
    @Sendable (_ known: @escaping @Sendable (String) -> MediaFacts?) -> PreviewOpening

  /// A project to preview.
  public init(
    path: String, extraFiles: [String] = [],
    open:
      @escaping @Sendable (_ known: @escaping @Sendable (String) -> MediaFacts?) ->
      PreviewOpening
  ) {
    self.path = path
    self.extraFiles = extraFiles
    self.open = open
  }
}

/// One attempt at planning the project: the plan when there were no errors, and every
/// problem found, with the texts they point into.
public struct PreviewOpening: Sendable {
  /// The plan, when the project has no errors.
  public var plan: RenderPlan?
  /// Every problem, in file order.
  public var diagnostics: [Diagnostic]
  /// The texts of the files the diagnostics point into.
  public var sources: SourceText

  /// An attempt's outcome.
  public init(plan: RenderPlan?, diagnostics: [Diagnostic], sources: SourceText) {
    self.plan = plan
    self.diagnostics = diagnostics
    self.sources = sources
  }
}

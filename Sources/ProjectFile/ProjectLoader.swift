public import Diagnostics
import Foundation
public import PlanValues
import Yams

/// What loading a project file gave: the spec when it could be read at all, every problem found,
/// and the file's text for quoting in messages.
public struct LoadResult: Sendable {
  /// The spec; `nil` when the file could not be read or parsed into a project at all. A spec is
  /// present (with defaults in place of bad values) even when `diagnostics` has errors, so later
  /// checks, such as probing media, can still report their own problems in the same run.
  public var spec: ProjectSpec?
  /// Every problem found, in file order.
  public var diagnostics: [Diagnostic]
  /// The project file's text, for printers.
  public var sources: SourceText
  /// Every value the file sets, after substitution, for explaining what changed.
  public var fields: [ProjectField] = []
  /// The variables the file declares under `variables:` or names in a `{{placeholder}}`.
  public var variableNames: Set<String> = []
  /// Whether the file is a project at all: false when it is not UTF-8 text, or is YAML whose
  /// top level is not a mapping with a `version` key. A parent reports such a child as one
  /// error at its own layer, and quotes none of the file's lines: it may be any file
  /// (`project: /etc/passwd`).
  public var isProject = true
}

/// Reads a project file: YAML → located, typed `ProjectSpec`, reporting every problem at once.
public enum ProjectLoader {
  /// The format versions this build reads.
  public static let supportedVersions = [1]

  /// Loads the file at `path`. `overrides` are `--set` or data-row values, applied over
  /// `variables:`. A path built from a variable must stay inside the project's folder (or
  /// `dataRoot`, for a child project: the root project's folder) unless `allowOutsideRoot` is
  /// set.
  public static func load(
    path: String, overrides: [VariableOverride] = [], allowOutsideRoot: Bool = false,
    dataRoot: String? = nil
  ) -> LoadResult {
    let bytes: [UInt8]
    switch ProjectFileBytes.contents(of: path) {
    case .success(let read): bytes = read
    case .failure(let problem):
      return LoadResult(
        spec: nil,
        diagnostics: [.error(problem.id, problem.message, at: .wholeFile(path))],
        sources: SourceText())
    }
    if let offset = SourceOffsets.firstInvalidUTF8(in: bytes) {
      let byte = String(bytes[offset], radix: 16, uppercase: true)
      return LoadResult(
        spec: nil,
        diagnostics: [
          .error(
            "not-utf8", "project file is not UTF-8 text: byte 0x\(byte) starts no character",
            at: SourceOffsets.location(ofByte: offset, in: bytes, file: path),
            help: "save the file as UTF-8")
        ],
        // Quoted with the bad bytes shown as U+FFFD, so the caret has a line to point into.
        sources: SourceText(file: path, text: String(decoding: bytes, as: UTF8.self)),
        isProject: false)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let directory = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
    return load(
      text: text, path: path, directory: directory, overrides: overrides,
      allowOutsideRoot: allowOutsideRoot, dataRoot: dataRoot)
  }

  /// Loads a project from text, as if read from `path` in `directory`.
  public static func load(
    text: String, path: String, directory: String,
    overrides: [VariableOverride] = [], allowOutsideRoot: Bool = false, dataRoot: String? = nil
  ) -> LoadResult {
    var sources = SourceText()
    sources.add(file: path, text: text)
    if text.utf8.count > ProjectLimits.fileBytes {
      return LoadResult(
        spec: nil,
        diagnostics: [
          .error(
            "project-too-large",
            "project file is larger than \(ProjectLimits.fileBytes >> 20) MiB",
            at: .wholeFile(path))
        ], sources: sources)
    }
    if let problem = YAMLPrescan(file: path, text: text).firstProblem() {
      return LoadResult(spec: nil, diagnostics: [problem], sources: sources)
    }
    let root: Node
    do {
      guard let node = try Yams.compose(yaml: text) else {
        return LoadResult(
          spec: nil,
          diagnostics: [
            .error(
              "empty-project", "project file is empty",
              at: SourceLocation(file: path, line: 1, column: 1),
              help: "start with 'version: 1', then 'output:' and 'layers:'")
          ], sources: sources, isProject: false)
      }
      root = node
    } catch {
      return LoadResult(
        spec: nil, diagnostics: [YAMLErrorTranslator.diagnostic(for: error, file: path)],
        sources: sources)
    }
    let hasVersion = root.mapping?["version"] != nil
    let context = ReadContext(file: path, text: text, variables: VariableTable())
    context.allowOutsideRoot = allowOutsideRoot
    context.dataRoot = dataRoot
    let spec = context.readProject(root, path: path, directory: directory, overrides: overrides)
    for (file, text) in context.subtitleTexts { sources.add(file: file, text: text) }
    return LoadResult(
      spec: spec, diagnostics: context.diagnostics.sortedByLocation(), sources: sources,
      fields: ProjectFields.flatten(root, context: context),
      variableNames: context.variables.used.union(
        context.variables.entries.compactMap { $0.value.location == nil ? nil : $0.key }),
      isProject: hasVersion)
  }
}

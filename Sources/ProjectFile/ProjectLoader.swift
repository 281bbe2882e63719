public import Diagnostics
import Foundation
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
}

/// Reads a project file: YAML → located, typed `ProjectSpec`, reporting every problem at once.
public enum ProjectLoader {
  /// The format versions this build reads.
  public static let supportedVersions = [1]

  /// Loads the file at `path`. `overrides` are `--set` or data-row values, applied over
  /// `variables:`. A path built from a variable must stay inside the project's folder unless
  /// `allowOutsideRoot` is set.
  public static func load(
    path: String, overrides: [VariableOverride] = [], allowOutsideRoot: Bool = false
  ) -> LoadResult {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
      return LoadResult(
        spec: nil,
        diagnostics: [
          .error("unreadable-project", "project file \(reason)", at: .wholeFile(path))
        ], sources: SourceText())
    }
    guard let text = String(data: data, encoding: .utf8) else {
      return LoadResult(
        spec: nil,
        diagnostics: [.error("not-utf8", "project file is not UTF-8 text", at: .wholeFile(path))],
        sources: SourceText())
    }
    let directory = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
    return load(
      text: text, path: path, directory: directory, overrides: overrides,
      allowOutsideRoot: allowOutsideRoot)
  }

  /// Loads a project from text, as if read from `path` in `directory`.
  public static func load(
    text: String, path: String, directory: String,
    overrides: [VariableOverride] = [], allowOutsideRoot: Bool = false
  ) -> LoadResult {
    var sources = SourceText()
    sources.add(file: path, text: text)
    let root: Node
    do {
      guard let node = try Yams.compose(yaml: text) else {
        return LoadResult(
          spec: nil,
          diagnostics: [
            .error(
              "empty-project", "project file is empty", at: .wholeFile(path),
              help: "start with 'version: 1', then 'output:' and 'layers:'")
          ], sources: sources)
      }
      root = node
    } catch {
      return LoadResult(
        spec: nil, diagnostics: [YAMLErrorTranslator.diagnostic(for: error, file: path)],
        sources: sources)
    }
    let context = ReadContext(file: path, text: text, variables: VariableTable())
    context.allowOutsideRoot = allowOutsideRoot
    let spec = context.readProject(root, path: path, directory: directory, overrides: overrides)
    return LoadResult(
      spec: spec, diagnostics: context.diagnostics.sortedByLocation(), sources: sources,
      fields: ProjectFields.flatten(root, context: context),
      variableNames: context.variables.used.union(
        context.variables.entries.compactMap { $0.value.location == nil ? nil : $0.key }))
  }
}

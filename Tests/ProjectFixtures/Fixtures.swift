import Diagnostics
import Foundation
import PlanValues
import Planning
import ProjectFile
import RenderPlan

/// The fixture projects and the hand-written media facts they are planned against, so the
/// parse → check → plan half is tested without FFmpeg.
public enum Fixtures {
  public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  public static func projects(in subfolder: String) -> [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent(subfolder).path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(subfolder)/\($0)" }
  }

  /// Facts keyed by resolved path, as the renderer's probe would give them.
  public static let facts: [String: MediaFacts] = {
    let url = folder.appendingPathComponent("media.json")
    guard let data = try? Data(contentsOf: url),
      let byName = try? JSONDecoder().decode([String: MediaFacts].self, from: data)
    else { return [:] }
    return Dictionary(
      uniqueKeysWithValues: byName.map {
        (ProjectPaths.resolve($0.key, in: folder.path), $0.value)
      })
  }()

  /// `# set: name=value` lines at the top of a fixture stand for `--set` options.
  public static func overrides(in text: String) -> [VariableOverride] {
    text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("# set: "), let eq = line.firstIndex(of: "=") else { return nil }
      return VariableOverride(
        name: String(line[line.index(line.startIndex, offsetBy: 7)..<eq]),
        value: String(line[line.index(after: eq)...]))
    }
  }

  public struct Outcome {
    public var diagnostics: [Diagnostic]
    public var plan: RenderPlan?
    public var sources: SourceText
  }

  /// Loads, checks and plans a fixture the way `chromake plan` does, with fixture facts.
  public static func run(_ relativePath: String) throws -> Outcome {
    let text = try String(contentsOf: folder.appendingPathComponent(relativePath), encoding: .utf8)
    return run(text: text, as: relativePath)
  }

  /// Loads, checks and plans `text` as if it were the fixture at `relativePath`.
  public static func run(text: String, as relativePath: String) -> Outcome {
    let loaded = ProjectLoader.load(
      text: text, path: relativePath, directory: folder.path, overrides: overrides(in: text))
    var diagnostics = loaded.diagnostics
    var plan: RenderPlan?
    if let spec = loaded.spec {
      diagnostics += MediaChecks.check(spec, facts: facts)
      if !diagnostics.hasErrors {
        let planned = Planner.plan(spec, facts: facts, texts: FixedTextMeasurer())
        plan = planned.plan
        diagnostics += planned.diagnostics
      }
    }
    return Outcome(diagnostics: diagnostics.sortedByLocation(), plan: plan, sources: loaded.sources)
  }

  /// The diagnostics as `chromake` prints them, with files in the fixtures' folder named from
  /// it, as the fixture projects are.
  public static func printed(_ outcome: Outcome) -> String {
    let text = DiagnosticPrinter(sources: outcome.sources, useColor: false)
      .render(outcome.diagnostics)
    return shownPrefixes.reduce(text) { $0.replacingOccurrences(of: $1, with: "") }
  }

  /// `file` as a diagnostic names it, named from the fixtures' folder when it lies there.
  public static func relative(_ file: String) -> String {
    shownPrefixes.first { file.hasPrefix($0) }.map { String(file.dropFirst($0.count)) } ?? file
  }

  /// How messages may name the fixtures' folder, longest first: a subtitle file is named by its
  /// path from the folder the tests run in, or by its absolute path outside it, so goldens
  /// would otherwise depend on where `swift test` runs.
  public static let shownPrefixes: [String] = {
    let absolute = folder.standardizedFileURL.path + "/"
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
      .path
    let fromHere = here.hasSuffix("/") ? here : here + "/"
    guard absolute.hasPrefix(fromHere), absolute != fromHere else { return [absolute] }
    return [absolute, String(absolute.dropFirst(fromHere.count))]
  }()

  public static func golden(_ relativePath: String, _ suffix: String) -> URL {
    folder.appendingPathComponent(String(relativePath.dropLast(5)) + suffix)
  }
}

import Builds
import Diagnostics
import Foundation
import PlanValues
import ProjectFile
import RenderPlan
import Session

/// One data row of a batch, validated: its session (diagnostics, plan) and its output's build.
struct BatchRow: @unchecked Sendable {
  /// The data row.
  var data: DataRow
  /// The project as this row makes it.
  var session: ProjectSession
  /// Its output's build, when the row could be planned.
  var build: OutputBuild?
  /// Problems beyond the project's own (a duplicate output).
  var extraDiagnostics: [Diagnostic] = []

  /// Every problem of the row.
  var diagnostics: [Diagnostic] { session.diagnostics + extraDiagnostics }
  /// Whether it can be rendered.
  var isValid: Bool { session.plan != nil && !diagnostics.hasErrors }
  /// The plan, once valid.
  var plan: RenderPlan? { isValid ? session.plan : nil }
}

/// Opens a batch's rows one at a time, sharing between them what rows have in common: media
/// facts (a plate every row uses is probed once) and child projects (a bumper every row draws
/// with the same values is planned once).
final class BatchRowOpener {
  private let project: String
  private let displayName: String
  private let overrides: [VariableOverride]
  private let allowOutsideRoot: Bool
  private let allowEngines: Bool
  private var probed: [String: MediaFacts] = [:]
  private let children = ChildPlanCache()

  /// An opener of rows of the data file shown as `displayName`, applied to the project at
  /// `project` over `overrides` (`--set`).
  init(
    project: String, displayName: String, overrides: [VariableOverride], allowOutsideRoot: Bool,
    allowEngines: Bool
  ) {
    self.project = project
    self.displayName = displayName
    self.overrides = overrides
    self.allowOutsideRoot = allowOutsideRoot
    self.allowEngines = allowEngines
  }

  /// The project as `data` makes it, checked and planned, with its output's build.
  func open(_ data: DataRow) -> BatchRow {
    let (session, build) = ProjectSession.openWithBuild(
      path: project, overrides: overrides + data.overrides(file: displayName),
      allowOutsideRoot: allowOutsideRoot, allowEngines: allowEngines, chromake: Chromake.version,
      cache: children,
      known: { [probed] in probed[$0] })
    if let plan = session.plan {
      for input in plan.inputs {
        guard let facts = input.facts else { continue }
        probed[ProjectPaths.resolve(input.path, in: plan.directory)] = facts
      }
    }
    return BatchRow(data: data, session: session, build: build)
  }
}

/// Opens every row of a batch before anything renders, so that every problem of every row is
/// found at once: bad values (located in the data file and in the project), missing media, and
/// two rows writing the same output.
enum BatchRows {
  /// Each row of `table` applied to the project at `project`, over `overrides` (`--set`).
  static func open(
    project: String, table: DataTable, displayName: String, overrides: [VariableOverride],
    allowOutsideRoot: Bool, allowEngines: Bool
  ) -> [BatchRow] {
    let opener = BatchRowOpener(
      project: project, displayName: displayName, overrides: overrides,
      allowOutsideRoot: allowOutsideRoot, allowEngines: allowEngines)
    var rows = table.rows.map(opener.open)
    markDuplicateOutputs(&rows, displayName: displayName)
    return rows
  }

  /// Two rows that would write one file: every such row after the first gets an error at the
  /// data cells that made its output path, pointing to the first row and the project's line.
  private static func markDuplicateOutputs(_ rows: inout [BatchRow], displayName: String) {
    var firstByOutput: [String: Int] = [:]
    for index in rows.indices {
      guard let build = rows[index].build, rows[index].session.plan != nil else { continue }
      guard let first = firstByOutput[build.output] else {
        firstByOutput[build.output] = index
        continue
      }
      let file = rows[index].session.spec?.output.file
      let cell = file?.substitutions.compactMap(\.source).first { $0.file == displayName }
      let shown = BuildExplanation.displayPath(build.output)
      var notes: [Diagnostic.Note] = [
        .init(
          "row \(rows[first].data.number) writes it too", at: rows[first].data.location)
      ]
      if let file { notes.append(.init("the path is made by output.file", at: file.location)) }
      rows[index].extraDiagnostics.append(
        .error(
          "duplicate-output",
          "row \(rows[index].data.number) writes \(shown), as an earlier row does",
          at: cell ?? rows[index].data.location, notes: notes,
          help: "give each row a value that makes output.file unique"))
    }
  }

  /// Columns the project neither declares nor uses: a typo or a wrong data file. One error per
  /// column, at its header cell. A project that cannot be read at all (a YAML syntax error, a
  /// missing file) declares nothing, so its own errors are what is wrong, not the columns.
  static func columnProblems(_ table: DataTable, project: String) -> (
    diagnostics: [Diagnostic], sources: SourceText
  ) {
    let loaded = ProjectLoader.load(path: project)
    guard loaded.spec != nil else { return (loaded.diagnostics, loaded.sources) }
    return (unknownColumns(table, names: loaded.variableNames), SourceText())
  }

  private static func unknownColumns(_ table: DataTable, names: Set<String>) -> [Diagnostic] {
    table.columns.filter { !names.contains($0.name) }.map { column in
      .error(
        "unknown-column", "column '\(column.name)': the project has no variable '\(column.name)'",
        at: column.location,
        help: Suggestions.help(for: column.name, among: names.sorted())
          ?? "declare it under 'variables:' or use it as {{\(column.name)}} in the project")
    }
  }
}

import ArgumentParser
import Diagnostics
import Foundation
import GPU
import Outputs
import Preview
import ProjectFile
import RenderPlan
import Session

/// `chromake preview`: the project live in a browser, planned again on every save.
struct PreviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Serve the project live in a browser, following every save of its files.",
    discussion: """
      Prints a URL to open. The page shows the frame at the playhead, a scrubber, playback and \
      the layers on a timeline; after a save of the project or any file it reads it shows the \
      new frame at the same playhead, or the problems at their lines. Frames, the plan and \
      events are also served to other programs: GET /frame?t=2.5&width=640&format=jpeg, \
      /plan.json, /events. Stop it with Ctrl-C.
      """
  )

  @OptionGroup var options: ProjectOptions

  @Option(
    help: ArgumentHelp(
      "Preview this data file's row (--row): .csv, .json or .jsonl, as batch reads it.",
      valueName: "file"))
  var data: String?

  @Option(help: ArgumentHelp("The data row to preview, from 1.", valueName: "n"))
  var row: Int?

  @Option(help: "The port to serve on; 0 picks a free one.")
  var port: UInt16 = 0

  @Option(
    help: ArgumentHelp(
      "Serve on this address instead of 127.0.0.1 (0.0.0.0: all of them); every request then needs the token the printed URL carries.",
      valueName: "address"))
  var host: String?

  @Flag(help: "Say which GPU draws the frames.")
  var verbose = false

  func validate() throws {
    switch (data, row) {
    case (_?, nil): throw ValidationError("--data needs --row N: the row to preview")
    case (nil, _?): throw ValidationError("--row needs --data FILE")
    case (_?, let n?) where n < 1: throw ValidationError("--row \(n): rows are numbered from 1")
    default: break
    }
    if let host, host != "127.0.0.1", !PreviewServer.Listening.isAddress(host) {
      throw ValidationError("--host \(host): give an IP address to serve on, such as 0.0.0.0")
    }
  }

  func run() throws {
    // Ctrl-C and SIGTERM end the preview at once (it writes nothing that could be left half
    // made); a parent that started chromake with them blocked must not make it unstoppable.
    InterruptWatch.unblockSignals()
    let verbose = verbose
    let server = PreviewServer(
      project: previewProject(),
      listening: .init(host: host == "127.0.0.1" ? nil : host, port: port),
      makeContext: { try GPUSetup.context(verbose: verbose) },
      onAttempt: { opening in
        Terminal.report(opening.diagnostics, sources: opening.sources)
      })
    let project = options.project
    let finished = DispatchSemaphore(value: 0)
    let failure = ServerFailure()
    Task.detached {
      do {
        try await server.run { url, watching in
          Terminal.sayOutput("chromake: previewing \(project) at \(url)\n")
          if !watching {
            Terminal.say(
              "chromake: warning: saves cannot be followed (inotify is unavailable); "
                + "restart the preview to see changes\n")
          }
        }
      } catch {
        failure.error = error
      }
      finished.signal()
    }
    finished.wait()
    if let error = failure.error {
      Terminal.say("chromake: error: \(error)\n")
      throw ExitCode.failure
    }
  }

  /// The project as each plan opens it: with `--data`, the data file read again each time
  /// (it is watched too) and its row's values over `--set`'s.
  private func previewProject() -> PreviewProject {
    let options = options
    let data = data
    let row = row ?? 1
    return PreviewProject(path: options.project, extraFiles: data.map { [$0] } ?? []) { known in
      var overrides = options.overrides
      var diagnostics: [Diagnostic] = []
      var sources = SourceText()
      if let data {
        switch Self.rowOverrides(data: data, row: row, project: options.project) {
        case .failure(let problems):
          return PreviewOpening(
            plan: nil, diagnostics: problems.diagnostics, sources: problems.sources)
        case .success(let (values, text)):
          overrides += values
          sources.add(file: data, text: text)
        }
      }
      let session = ProjectSession.open(
        path: options.project, overrides: overrides, allowOutsideRoot: options.allowOutsideRoot,
        allowEngines: options.allowEngines, known: { _, path in known(path) })
      diagnostics += session.diagnostics
      sources.merge(session.sources)
      let plan = diagnostics.hasErrors ? nil : session.plan
      return PreviewOpening(plan: plan, diagnostics: diagnostics, sources: sources)
    }
  }

  /// Row `row` of the data file as overrides, with the file's text; or its problems, as
  /// `batch` reports them (an unreadable file, unknown columns, a row past the end).
  private static func rowOverrides(data: String, row: Int, project: String) -> Result<
    ([VariableOverride], String), RowProblems
  > {
    switch DataTableReader.read(path: data) {
    case .failure(let failure):
      return .failure(RowProblems(diagnostics: failure.diagnostics, sources: failure.sources))
    case .success(let table):
      var (unknown, sources) = BatchRows.columnProblems(table, project: project)
      sources.add(file: data, text: table.text)
      guard unknown.isEmpty else {
        return .failure(RowProblems(diagnostics: unknown, sources: sources))
      }
      guard let picked = table.rows.first(where: { $0.number == row }) else {
        let problem = Diagnostic.error(
          "no-such-row", "\(data) has \(table.rows.count) rows; --row \(row) is past the end",
          at: .wholeFile(data))
        return .failure(RowProblems(diagnostics: [problem], sources: sources))
      }
      return .success((picked.overrides(file: data), table.text))
    }
  }
}

/// A data file's problems, as an error a `Result` can carry.
struct RowProblems: Error {
  var diagnostics: [Diagnostic]
  var sources: SourceText
}

/// Why the server stopped, handed from its task to the command's thread: written before the
/// semaphore is signalled and read after it is waited on, which orders the two.
private final class ServerFailure: @unchecked Sendable {
  var error: (any Error)?
}

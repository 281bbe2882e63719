import ArgumentParser
import Foundation
import Renderer

/// `chromake deps`: the render's dependencies as a Makefile rule, for build tools.
struct DepsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deps",
    abstract: "Print what a project's output depends on, as a Makefile rule (make, ninja)."
  )

  @OptionGroup var options: ProjectOptions

  func run() throws {
    let session = ProjectSession.open(path: options.project, overrides: options.overrides)
    Terminal.report(session.diagnostics, sources: session.sources)
    guard let plan = session.plan, !session.diagnostics.hasErrors else {
      throw ExitCode.projectErrors
    }
    Terminal.writeOutput(
      DependencyFile.text(
        plan: plan, project: options.project,
        folder: FileManager.default.currentDirectoryPath))
  }
}

import ArgumentParser
import Builds
import Foundation
import Session

/// `chromake deps`: the render's dependencies as a Makefile rule, for build tools.
struct DepsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deps",
    abstract: "Print what a project's output depends on, as a Makefile rule (make, ninja)."
  )

  @OptionGroup var options: ProjectOptions

  func run() throws {
    let plan = try options.openPlan().plan
    Terminal.writeOutput(
      DependencyFile.text(
        plan: plan, project: options.project,
        folder: FileManager.default.currentDirectoryPath))
  }
}

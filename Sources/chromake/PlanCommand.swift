import ArgumentParser
import Diagnostics
import Foundation
import RenderPlan
import Renderer

/// `chromake plan`: the explicit render plan, as a table or canonical JSON.
struct PlanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan",
    abstract: "Print the render plan: frames, source times and audio samples of every layer."
  )

  @OptionGroup var options: ProjectOptions

  @Flag(help: "Print the plan as canonical JSON with sorted keys.")
  var json = false

  func run() throws {
    let session = ProjectSession.open(path: options.project, overrides: options.overrides)
    Terminal.report(session.diagnostics, sources: session.sources)
    guard let plan = session.plan, !session.diagnostics.hasErrors else {
      throw ExitCode.projectErrors
    }
    if json {
      FileHandle.standardOutput.write(try plan.canonicalJSON())
    } else {
      Terminal.writeOutput(PlanTable.render(plan))
    }
  }
}

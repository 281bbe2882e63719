import ArgumentParser
import Foundation
import RenderPlan
import Session

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
    let plan = try options.openPlan().plan
    if json {
      FileHandle.standardOutput.write(try plan.canonicalJSON())
    } else {
      Terminal.sayOutput(PlanTable.render(plan))
    }
  }
}

import ArgumentParser
import Diagnostics
import Renderer
import Timeline

/// `chromake check`: every problem of a project, media included, without rendering.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check a project and its media, reporting every problem at once."
  )

  @OptionGroup var options: ProjectOptions

  func run() throws {
    let session = ProjectSession.open(path: options.project, overrides: options.overrides)
    Terminal.report(session.diagnostics, sources: session.sources)
    guard let plan = session.plan, !session.diagnostics.hasErrors else {
      throw ExitCode.projectErrors
    }
    let o = plan.output
    let streams = plan.audio.count
    Terminal.writeOutput(
      "\(options.project): ok: \(plan.layers.count) layer\(plan.layers.count == 1 ? "" : "s"), "
        + "\(streams) audio stream\(streams == 1 ? "" : "s"), \(o.frameCount) frames "
        + "(\(TimeFormat.seconds(o.duration)) s at \(FrameRate.describe(o.fps)) fps)\n")
  }
}

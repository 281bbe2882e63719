import ArgumentParser
import Session
import Timeline

/// `chromake check`: every problem of a project, media included, without rendering.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check a project and its media, reporting every problem at once."
  )

  @OptionGroup var options: ProjectOptions

  func run() throws {
    let plan = try options.openPlan().plan
    let o = plan.output
    let streams = plan.audio.count
    Terminal.sayOutput(
      "\(options.project): ok: \(plan.layers.count) layer\(plan.layers.count == 1 ? "" : "s"), "
        + "\(streams) audio stream\(streams == 1 ? "" : "s"), \(o.frameCount) frames "
        + "(\(TimeFormat.seconds(o.duration)) s at \(FrameRate.describe(o.fps)) fps)\n")
  }
}

import ArgumentParser
import Foundation
import Rendering
import Session
import Timeline

/// `chromake frame`: one frame of the project as a PNG, to check a layout without rendering.
struct FrameCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "frame",
    abstract: "Render one frame of a project to a PNG image."
  )

  @OptionGroup var options: ProjectOptions

  @Option(
    help: ArgumentHelp(
      "The output time to show: seconds (2.5), 2.5s, 250ms, 00:00:02.5 or a frame number (75f).",
      valueName: "time"))
  var at: String

  @Option(name: [.customShort("o"), .customLong("output")], help: "The PNG file to write.")
  var output: String

  @Flag(help: "Say which GPU renders, and why the device platform was not used.")
  var verbose = false

  func validate() throws {
    if case .failure(let error) = TimeParser.parse(at) {
      throw ValidationError("--at \(at): \(error.message)")
    }
    guard (output as NSString).pathExtension.lowercased() == "png" else {
      throw ValidationError("-o \(output): the image must end in .png")
    }
    // As for a render's -o: a name too long for the file system, or for the temporary file
    // written beside it, is refused before the frame is rendered.
    try OutputOverride.checkNames(output)
  }

  func run() throws {
    let (session, plan) = try options.openPlan()
    guard case .success(let time) = TimeParser.parse(at) else { throw ExitCode.validationFailure }
    let fps = plan.output.fps
    // The frame showing at `time`: frame k covers k/fps up to (k + 1)/fps.
    let k =
      switch time {
      case .frames(let frames): frames
      case .seconds(let seconds): (seconds * fps).floor
      }
    guard k < plan.output.frameCount else {
      Terminal.say(
        "chromake: error: --at \(at) is past the end: the output has "
          + "\(plan.output.frameCount) frames (\(TimeFormat.seconds(plan.output.duration)) s)\n")
      throw ExitCode.validationFailure
    }
    let context = try GPUSetup.context(verbose: verbose)
    do {
      try FramePreview.writePNG(plan: plan, frame: k, context: context, to: output)
    } catch {
      throw RenderOutcome.exit(for: error, session: session)
    }
  }
}

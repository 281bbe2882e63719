import ArgumentParser
import Diagnostics
import Foundation
import GPU
import RenderPlan
import Renderer
import Timeline

/// `chromake render`: the project's video, written under a temporary name and renamed into
/// place only when complete.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render a project into its output movie."
  )

  @OptionGroup var options: ProjectOptions

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp(
      "Write the movie here instead of the project's output.file (.mp4 or .mov).",
      valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "Show progress: auto (a bar on a terminal), bar, json (lines on standard output) or none.",
      valueName: "style"))
  var progress: ProgressOption = .auto

  @Flag(help: "Say which GPU renders, and why the device platform was not used.")
  var verbose = false

  @Option(
    help: ArgumentHelp(
      "After a successful render, write what the output depends on here, as a Makefile rule.",
      valueName: "file"))
  var depfile: String?

  func validate() throws {
    if let output { _ = try OutputOverride.container(of: output) }
  }

  func run() throws {
    // A parent that started us with SIGINT or SIGTERM blocked (Foundation's Process from a
    // dispatch thread does) would otherwise have an early signal discarded when the interrupt
    // watch starts ignoring it: unblocked now, it takes its default action before any output
    // exists.
    InterruptWatch.unblockSignals()
    let (session, planned) = try options.openPlan()
    let plan = try output.map { try OutputOverride.apply($0, to: planned) } ?? planned
    let context = try GPUSetup.context(verbose: verbose)
    let style = progress.resolved()
    let reporter = ProgressReporter(
      style: style, frameCount: plan.output.frameCount,
      write: style == .json ? Terminal.writeOutput : Terminal.writeError)
    let watch = InterruptWatch()
    defer { watch.stop() }
    let started = ProgressReporter.uptimeSeconds()
    do {
      let report = try MovieRender(plan: plan, context: context).run(
        progress: { reporter.update(framesDone: $0) },
        checkInterrupt: { try watch.throwIfInterrupted() })
      reporter.finish()
      RenderOutcome.reportWarnings(report.warnings, session: session)
      if let depfile {
        try writeDependencies(plan, to: depfile)
      }
      if style == .bar {
        let seconds = ProgressReporter.uptimeSeconds() - started
        Terminal.writeError(
          "wrote \(plan.output.file): \(report.frames) frames in "
            + "\(String(format: "%.1f", seconds)) s on \(context.renderer)\n")
      }
    } catch {
      reporter.finish()
      throw RenderOutcome.exit(for: error, session: session)
    }
  }
}

extension RenderCommand {
  /// Writes the dependency file in one step (a build tool never reads half of one).
  private func writeDependencies(_ plan: RenderPlan, to path: String) throws {
    let text = DependencyFile.text(
      plan: plan, project: options.project, folder: FileManager.default.currentDirectoryPath)
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      Terminal.writeError("chromake: error: cannot write --depfile \(path): \(error)\n")
      throw ExitCode.failure
    }
  }
}

extension ProgressOption: ExpressibleByArgument {}

import ArgumentParser
import Builds
import Session

/// The `chromake` command line: thin commands over the load → validate → plan → render stack.
@main
struct Chromake: ParsableCommand {
  static let version = ChromakeVersion.current

  static let configuration = CommandConfiguration(
    abstract: "Render declarative YAML video projects: chroma-keyed layers and every audio track.",
    discussion: """
      Exit status: 0 success; 65 the project has errors (missing media included); \
      64 a bad command line; 1 anything else.
      """,
    version: version,
    subcommands: [
      CheckCommand.self, PlanCommand.self, RenderCommand.self, FrameCommand.self, PreviewCommand.self,
      DepsCommand.self,
      BatchCommand.self, LoudnessCommand.self, SegmentLaneCommand.self,
    ]
  )
}

import Compositing
import GPU
import Media
import RenderPlan
import Timeline

/// A child project's frames, composited into pictures one after another on the calling
/// thread's GPU context: the same loop as a movie's (its layers' sources, decoded ahead on
/// their own threads, and a compositor), ending in a picture instead of the encoder
/// (docs/ARCHITECTURE.md, "Projects inside projects").
///
/// Frames are asked for in order; one earlier than the last (a looped child starting over)
/// starts the child's sources again from there.
final class CompositionFrames {
  let plan: RenderPlan
  private let context: GPUContext
  private let compositor: VideoCompositor
  private var sources: LayerSources
  /// The frame the sources are ready to give next.
  private var next: Int64
  /// The warnings of sources let go when the child started over.
  private var earlierWarnings: [RenderFailure] = []

  /// Ready to composite the child `plan`'s frames from `first` on, with `context`, which must
  /// be the one the calling thread uses.
  init(plan: RenderPlan, context: GPUContext, from first: Int64) throws {
    self.plan = plan
    self.context = context
    compositor = VideoCompositor(
      context: context, width: plan.output.width, height: plan.output.height,
      background: plan.output.background, styles: plan.layerStyles,
      patterns: try PatternGrey.load(plan), luts: try LUTTables.load(plan))
    sources = LayerSources(plan: plan, from: first)
    next = first
  }

  /// Frame `j`'s picture: `.yuv420p8` over an opaque background, premultiplied with alpha over a
  /// transparent one.
  func picture(ofFrame j: Int64) throws -> DecodedFrame {
    if j < next {
      sources.stopAll()
      earlierWarnings += sources.warnings
      sources = LayerSources(plan: plan, from: j)
      next = j
    }
    let draws = try sources.draws(atFrame: j, passingOverFrom: next)
    next = j + 1
    return try compositor.picture(
      CompositeItem.frame(draws, transitions: plan.transitions, frame: j, fps: plan.output.fps))
  }

  /// Stops the child's sources (the parent's layer ended, or the render failed).
  func stop() {
    sources.stopAll()
  }

  /// Problems that did not stop the render: damaged data in the child's inputs.
  var warnings: [RenderFailure] { earlierWarnings + sources.warnings }
}

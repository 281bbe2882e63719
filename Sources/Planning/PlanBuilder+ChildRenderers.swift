import Diagnostics
import Foundation
import ProjectFile
import RenderPlan

extension PlanBuilder {
  /// The most a render may hold in child renderers at once: `ProjectLimits.childRenderers`
  /// renderers, and `ProjectLimits.childPixels` pixels of their pictures.
  static let childRendererLimit = ChildRendererLoad(
    renderers: ProjectLimits.childRenderers, pixels: ProjectLimits.childPixels)

  /// An error at the `project:` of the layer whose child renderer takes the render past
  /// `childRendererLimit`, if one does: every use of a child with its own timing, and every
  /// grandchild under it, is a thread and a GPU context drawing pictures of the child's size,
  /// which nothing else bounds.
  mutating func checkChildRenderers(_ plan: RenderPlan) -> Bool {
    let limit = Self.childRendererLimit
    let (peak, group) = plan.childRendererPeak(limit: limit)
    guard peak.renderers > limit.renderers || peak.pixels > limit.pixels, let group else {
      return true
    }
    let layer = plan.layers[plan.childRendererGroups[group].layers[0]]
    // At its `project:` (the layer's own line when no written layer has its place).
    let written = spec.drawnLayers.first { PlanLocation($0.location) == layer.location }
    var location = SourceLocation(
      file: spec.output.location.file, line: layer.location.line, column: layer.location.column)
    if case .project(let project)? = written?.content { location = project.file.location }
    let renderers = peak.renderers > limit.renderers
    diagnostics.append(
      .error(
        "too-many-child-renderers",
        renderers
          ? "layer '\(layer.name)' makes \(peak.renderers) child project renderers run at once, "
            + "more than \(limit.renderers)"
          : "layer '\(layer.name)' makes the child projects drawn at once hold "
            + "\(peak.pixels.formatted(.number.grouping(.never))) pixels, more than "
            + "\(limit.pixels.formatted(.number.grouping(.never)))",
        at: location,
        notes: [
          .init(
            "each use of a child with its own timing (start, frames, in, out, loop, matte) is "
              + "rendered on its own, with its own children's; uses with the same timing share one")
        ],
        help: renderers
          ? "draw the child at the same times in more layers, or nest fewer children"
          : "make the child's output.size smaller, close to the size it is shown at"))
    return false
  }
}

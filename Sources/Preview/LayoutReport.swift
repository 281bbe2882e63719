import Foundation
import RenderPlan

/// Where each layer showing on a frame is, for the page's box outlines: the planned state's
/// box, as the compositor places it (before rotation).
enum LayoutReport {
  struct Layout: Encodable {
    var frame: Int64
    var width: Int
    var height: Int
    var layers: [Placed]
  }

  struct Placed: Encodable {
    var index: Int
    var name: String
    /// x, y, width, height in output pixels.
    var box: [Double]
    var rotation: Double
    var opacity: Double
  }

  /// The layers visible on frame `k` of `plan`, bottom first, as JSON.
  static func json(_ plan: RenderPlan, frame k: Int64) -> Data {
    let fps = plan.output.fps
    var placed: [Placed] = []
    for (index, layer) in plan.layers.enumerated() where layer.frames.contains(k) {
      let state = layer.state(ofFrame: k, fps: fps)
      guard state.isVisible else { continue }
      placed.append(
        Placed(
          index: index, name: layer.name,
          box: [state.box.x, state.box.y, state.box.width, state.box.height],
          rotation: state.rotation, opacity: state.opacity))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let layout = Layout(
      frame: k, width: plan.output.width, height: plan.output.height, layers: placed)
    // Finite numbers from the plan always encode.
    return (try? encoder.encode(layout)) ?? Data("{}".utf8)
  }
}

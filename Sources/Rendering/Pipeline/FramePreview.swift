import Compositing
public import GPU
import Media
import PlanValues
public import RenderPlan

/// One output frame, composited exactly as the movie's frame `k` and shown in R′G′B′, for a
/// quick look before a long render. Decodes only the layers on that frame, on the calling
/// thread.
public enum FramePreview {
  /// Frame `k`'s picture as RGBA rows (top first), `plan.output.width` wide: with
  /// `keepsAlpha`, an output that keeps alpha gives it straight; else opaque, a transparent
  /// background black, as a movie without alpha shows it. Video layers' pictures come from
  /// `decoded` when it holds them (a preview drawing frames again).
  public static func render(
    plan: RenderPlan, frame k: Int64, context: GPUContext, keepsAlpha: Bool,
    decoded: DecodedPictures? = nil
  ) throws -> [UInt8] {
    let background =
      keepsAlpha ? plan.output.drawnBackground : plan.output.background.drawnAtRoot
    let compositor = VideoCompositor(
      context: context, width: plan.output.width, height: plan.output.height,
      background: background, styles: plan.layerStyles,
      patterns: try PatternGrey.load(plan), luts: try LUTTables.load(plan))
    var draws: [LayerDraw] = []
    // Uses of one child with the same timing show the same picture (`SharedComposition`):
    // it is composited once, however many layers draw it.
    var children: [(key: ChildRendererKey, pictures: LayerPictures)] = []
    for (index, layer) in plan.layers.enumerated() where layer.frames.contains(k) {
      let state = layer.state(ofFrame: k, fps: plan.output.fps)
      guard state.isVisible else { continue }
      let key = layer.childRendererKey
      let pictures: LayerPictures
      if let key, let made = children.first(where: { $0.key == key }) {
        pictures = made.pictures
      } else if let decoded, key == nil {
        pictures = try decoded.pictures(of: layer, plan: plan, frame: k) {
          try layerSource(for: layer, plan: plan).pictures(at: k)
        }
      } else {
        pictures = try layerSource(for: layer, plan: plan).pictures(at: k)
        if let key { children.append((key, pictures)) }
      }
      guard let picture = pictures.picture else { continue }
      draws.append(
        LayerDraw(layer: index, picture: picture, matte: pictures.matte, state: state))
    }
    return try compositor.composite(
      CompositeItem.frame(draws, transitions: plan.transitions, frame: k, fps: plan.output.fps)
    ).rgba()
  }

  /// Renders frame `k` and writes it as a PNG at `path` (replaced only once complete), with
  /// the output's alpha where it keeps one.
  public static func writePNG(
    plan: RenderPlan, frame k: Int64, context: GPUContext, to path: String
  ) throws {
    let rgba = try render(plan: plan, frame: k, context: context, keepsAlpha: true)
    try rgba.withUnsafeBytes {
      try PNGWriter.write(
        rgba: $0, width: plan.output.width, height: plan.output.height,
        bytesPerRow: plan.output.width * 4, to: path, keepAlpha: plan.output.format.alpha)
    }
  }
}

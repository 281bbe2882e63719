import Compositing
import RenderPlan

/// The sources of a render's layers, each made and started a little before the layer's first
/// frame and stopped and let go after its last: a long sequence of clips holds open only the
/// decoders of the items on or near the frame being drawn, so memory, threads and open files
/// do not grow with the number of items.
///
/// Used from the compositing thread; each source's own work runs on its own thread.
final class LayerSources {
  private let plan: RenderPlan
  /// How many frames before a layer's first frame its source is made and started: time for
  /// its decoder to open, seek and fill its queue.
  private let lead: Int64
  private var sources: [Int: any LayerSource] = [:]
  /// The child renderers running, each shared by the `project` layers with its key.
  private var children: [SharedComposition] = []
  /// Whether each layer's source has been made (it may since have been let go).
  private var made: [Bool]
  /// The warnings of sources already let go, by layer.
  private var finishedWarnings: [Int: [RenderFailure]] = [:]
  /// The frame the render starts at: layers ended by then are never made.
  private let firstFrame: Int64

  /// Sources for `plan`'s layers, made `RenderPlan.sourceLead` ahead, for a render of its
  /// frames from `firstFrame` on.
  init(plan: RenderPlan, from firstFrame: Int64 = 0) {
    self.plan = plan
    self.lead = RenderPlan.sourceLead(fps: plan.output.fps)
    self.firstFrame = firstFrame
    made = [Bool](repeating: false, count: plan.layers.count)
  }

  /// Makes and starts the sources whose layers begin within the lead of frame `k`, and stops
  /// and lets go of those whose layers ended before it. A file that cannot be opened fails
  /// here, at its layer.
  func advance(to k: Int64) throws(RenderFailure) {
    for (index, layer) in plan.layers.enumerated() where !made[index] {
      guard layer.frames.count > 0, layer.frames.end > firstFrame else {
        made[index] = true
        continue
      }
      guard layer.frames.first <= k + lead else { continue }
      let source: any LayerSource
      if let use = try childUse(of: layer) {
        source = use
      } else {
        source = try layerSource(for: layer, plan: plan)
      }
      source.start(from: max(layer.frames.first, firstFrame))
      sources[index] = source
      made[index] = true
    }
    for (index, source) in sources where plan.layers[index].frames.end <= k {
      source.stop()
      finishedWarnings[index] = source.warnings
      sources[index] = nil
    }
  }

  /// A `project` layer's use of the running child renderer with its key, or of a new one;
  /// nil for other layers.
  private func childUse(of layer: LayerPlan) throws(RenderFailure) -> CompositionUse? {
    guard let key = layer.childRendererKey else { return nil }
    children.removeAll(where: \.isStopped)
    if let running = children.first(where: { $0.key == key }) {
      return running.use(by: layer)
    }
    let child = try SharedComposition(key: key, layer: layer, plan: plan)
    children.append(child)
    return child.use(by: layer)
  }

  /// What every layer on frame `k` draws, bottom first, after `advance(to: k)`: each layer's
  /// source gives its pictures for the frame (a feed advances on every frame of its layer,
  /// drawn or not), and a layer that is invisible or shows nothing on it is left out.
  func draws(atFrame k: Int64) throws -> [LayerDraw] {
    var draws: [LayerDraw] = []
    for (index, layer) in plan.layers.enumerated() where layer.frames.contains(k) {
      guard let feed = sources[index] else {
        throw RenderFailure("the layer's source was not ready for frame \(k)", layer: layer)
      }
      let pictures = try feed.next(frame: k)
      let state = layer.state(ofFrame: k, fps: plan.output.fps)
      guard state.isVisible, let picture = pictures.picture else { continue }
      draws.append(LayerDraw(layer: index, picture: picture, matte: pictures.matte, state: state))
    }
    return draws
  }

  /// What every layer on frame `k` draws, when the sources last gave frame `next - 1`: the
  /// frames between are passed over, every feed still advancing through them, as a feed gives
  /// its layer's frames in order (a child drawn again, a player that skips to keep real time).
  func draws(atFrame k: Int64, passingOverFrom next: Int64) throws -> [LayerDraw] {
    for passed in next..<k {
      try advance(to: passed)
      _ = try draws(atFrame: passed)
    }
    try advance(to: k)
    return try draws(atFrame: k)
  }

  /// Stops every source still running (a render that ended or failed).
  func stopAll() {
    for source in sources.values { source.stop() }
  }

  /// Problems that did not stop the render, in layer order.
  var warnings: [RenderFailure] {
    plan.layers.indices.flatMap { index in
      sources[index]?.warnings ?? finishedWarnings[index] ?? []
    }
  }
}

/// The source of `layer`'s pictures: opens its files, or makes its still picture.
func layerSource(for layer: LayerPlan, plan: RenderPlan) throws(RenderFailure) -> any LayerSource {
  switch layer.content {
  case .video: try LayerFeed(layer: layer, plan: plan)
  case .image, .fill, .text: try StillLayer(layer: layer, plan: plan)
  case .captions(let captions):
    if let words = captions.words {
      WordCaptionsLayer(layer: layer, words: words, fps: plan.output.fps)
    } else {
      CaptionsLayer(layer: layer, captions: captions)
    }
  case .project: try CompositionFeed(layer: layer, plan: plan)
  }
}

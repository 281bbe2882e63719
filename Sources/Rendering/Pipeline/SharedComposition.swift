import Compositing
import RenderPlan

/// One child renderer (a `CompositionFeed`: a thread, a GPU context and a compositor) drawn
/// by every `project` layer of one parent whose `ChildRendererKey` is equal: they show the
/// same composition with the same timing, so they get the same picture on every frame, and a
/// bumper drawn a thousand times at once costs one renderer, not a thousand.
///
/// Used from the parent's compositing thread, as `LayerSources` is: every use asks for each of
/// its frames in order, and the first to ask for a frame takes it from the feed.
final class SharedComposition {
  let key: ChildRendererKey
  private let feed: CompositionFeed
  /// Uses not yet stopped; the feed stops with the last.
  private var users = 0
  private var isStarted = false
  /// The frame taken last from the feed, for the other uses that ask for it.
  private var last: (frame: Int64, pictures: Result<LayerPictures, RenderFailure>)?

  /// A renderer for `layer`'s child, the first of its uses.
  init(key: ChildRendererKey, layer: LayerPlan, plan: RenderPlan) throws(RenderFailure) {
    self.key = key
    feed = try CompositionFeed(layer: layer, plan: plan)
  }

  /// Whether it has stopped: its last use stopped, and a later use needs a renderer of its own.
  var isStopped: Bool { isStarted && users == 0 }

  /// A use of it by `layer`, whose key is this one's. The first use reports its warnings.
  func use(by layer: LayerPlan) -> CompositionUse {
    users += 1
    return CompositionUse(layer: layer, shared: self, reportsWarnings: users == 1)
  }

  func start(from k: Int64) {
    guard !isStarted else { return }
    isStarted = true
    feed.start(from: k)
  }

  func release() {
    users -= 1
    if users == 0 { feed.stop() }
  }

  func next(frame k: Int64) throws(RenderFailure) -> LayerPictures {
    if let last, last.frame == k { return try last.pictures.get() }
    let pictures: Result<LayerPictures, RenderFailure>
    do throws(RenderFailure) {
      pictures = .success(try feed.next(frame: k))
    } catch {
      pictures = .failure(error)
    }
    last = (k, pictures)
    return try pictures.get()
  }

  func pictures(at k: Int64) throws(RenderFailure) -> LayerPictures {
    try feed.pictures(at: k)
  }

  var warnings: [RenderFailure] { feed.warnings }
}

/// A `project` layer drawing from a child renderer it may share with others
/// (`SharedComposition`).
final class CompositionUse: LayerSource {
  let layer: LayerPlan
  private let shared: SharedComposition
  /// Whether this use reports the renderer's warnings: one does, so each is said once.
  private let reportsWarnings: Bool

  init(layer: LayerPlan, shared: SharedComposition, reportsWarnings: Bool) {
    self.layer = layer
    self.shared = shared
    self.reportsWarnings = reportsWarnings
  }

  func start(from k: Int64) { shared.start(from: k) }

  func stop() { shared.release() }

  func next(frame k: Int64) throws(RenderFailure) -> LayerPictures {
    try shared.next(frame: k)
  }

  func pictures(at k: Int64) throws(RenderFailure) -> LayerPictures {
    try shared.pictures(at: k)
  }

  var warnings: [RenderFailure] { reportsWarnings ? shared.warnings : [] }
}

import Compositing
import GPU
import Media
import RenderPlan
import Timeline

/// A `project` layer during a render: its child project composited ahead on a thread of its
/// own, with a GPU context of its own, into a small bounded queue, one picture for every
/// output frame the layer is drawn on, as a video's decoder feeds its layer (`LayerFeed`).
///
/// The child runs on the parent's frame grid, so output frame `k` shows the child frame
/// whose time is the latest at or before the clip's pick time: the timing rule of a video,
/// exactly. A frame shown again (held, or `after_end: hold`) is the same picture, which the
/// compositor does not prepare twice. A matte is decoded as a video layer's is.
final class CompositionFeed: LayerSource, @unchecked Sendable {
  let layer: LayerPlan
  private let clip: VideoClipPlan
  private let child: CompositionPlan
  private let fps: Rational
  private let matte: SourceVideo?
  let queue = BlockingQueue<Result<LayerPictures, RenderFailure>>(capacity: 3)
  private var worker: Worker?
  /// The child's frames, made on the thread that first asks for one.
  private var frames: CompositionFrames?
  /// The child frame shown last, and its picture.
  private var shown: (frame: Int64, picture: DecodedFrame)?
  private var finalWarnings: [RenderFailure] = []

  init(layer: LayerPlan, plan: RenderPlan) throws(RenderFailure) {
    guard case .project(let project) = layer.content,
      plan.compositions.indices.contains(project.composition)
    else {
      throw RenderFailure("the plan gives this project layer no composition", layer: layer)
    }
    self.layer = layer
    clip = project.clip
    child = plan.compositions[project.composition]
    fps = plan.output.fps
    matte = try clip.matte.map { (file) throws(RenderFailure) in
      try SourceVideo(file: file, role: "matte", layer: layer, plan: plan)
    }
  }

  /// Starts compositing on a thread of its own, from frame `first`.
  func start(from first: Int64) {
    worker = Worker(name: "chromake project \(layer.name)") { [self] in
      // A context of the thread's own: a context is current on one thread at a time.
      let context: GPUContext
      do {
        context = try GPUContext()
      } catch {
        _ = queue.push(.failure(failure("no GPU context for the child project: \(error)")))
        queue.close()
        return
      }
      for k in max(first, layer.frames.first)..<layer.frames.end {
        let item: Result<LayerPictures, RenderFailure>
        do throws(RenderFailure) {
          item = .success(try pictures(at: k, context: context))
        } catch {
          item = .failure(error)
        }
        guard queue.push(item), case .success = item else { break }
      }
      stopFrames()
      queue.close()
    }
  }

  /// Stops compositing and waits for the thread (a render that ended or failed).
  func stop() {
    queue.abandon()
    worker?.join()
    stopFrames()
  }

  func next(frame k: Int64) throws(RenderFailure) -> LayerPictures {
    switch queue.pop() {
    case .success(let pictures)?:
      return pictures
    case .failure(let failure)?:
      throw failure
    case nil:
      throw RenderFailure("the child project stopped before frame \(k)", layer: layer)
    }
  }

  /// What the layer shows on output frame `k`, composited on the calling thread with a
  /// context of its own (a preview of one frame).
  func pictures(at k: Int64) throws(RenderFailure) -> LayerPictures {
    let context: GPUContext
    do {
      context = try GPUContext()
    } catch {
      throw failure("no GPU context for the child project: \(error)")
    }
    defer { stopFrames() }
    return try pictures(at: k, context: context)
  }

  private func pictures(at k: Int64, context: GPUContext) throws(RenderFailure) -> LayerPictures {
    let time = clip.pickTime(ofFrame: k, start: layer.start, fps: fps)
    let j = child.plan.frame(showingAt: time)
    let picture: DecodedFrame
    if let shown, shown.frame == j {
      picture = shown.picture
    } else {
      do {
        let frames =
          try self.frames ?? CompositionFrames(plan: child.plan, context: context, from: j)
        self.frames = frames
        picture = try frames.picture(ofFrame: j)
      } catch let failure as RenderFailure {
        throw self.failure(inChild: failure)
      } catch {
        throw self.failure("\(error)")
      }
      shown = (j, picture)
    }
    return LayerPictures(frame: k, picture: picture, matte: try matte?.frame(at: time))
  }

  private func stopFrames() {
    guard let frames else { return }
    frames.stop()
    finalWarnings += frames.warnings.map(failure(inChild:))
    self.frames = nil
  }

  private func failure(_ message: String) -> RenderFailure {
    RenderFailure("project '\(child.file)': \(message)", layer: layer)
  }

  /// A failure inside the child, said at this layer (whose line is in the parent's file) with
  /// the child's layer and line named in the message.
  private func failure(inChild inner: RenderFailure) -> RenderFailure {
    var place = ""
    if let name = inner.layer { place += " layer '\(name)'" }
    if let line = inner.location?.line, line > 0 { place += " (line \(line))" }
    return failure(place.isEmpty ? inner.message : "\(place.dropFirst()): \(inner.message)")
  }

  var warnings: [RenderFailure] {
    finalWarnings + [matte].compactMap { $0?.damageWarning }
  }
}

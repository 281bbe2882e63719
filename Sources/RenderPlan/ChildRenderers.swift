public import Timeline

/// What decides the pictures a `project` layer's child gives on each of the parent's frames:
/// the composition, the frames it is drawn on, its start and its clip (timing and matte). Uses
/// of one parent with equal keys see the same picture on every frame, so the renderer shares
/// one child renderer between them (docs/ARCHITECTURE.md, "Projects inside projects").
public struct ChildRendererKey: Sendable, Equatable {
  /// The index of the child in the parent's `RenderPlan.compositions`.
  public var composition: Int
  /// The parent's frames the layer is drawn on.
  public var frames: FrameRange
  /// The parent's time at which the layer begins.
  public var start: Rational
  /// How the child's frames are picked, held, looped and matted.
  public var clip: VideoClipPlan
}

/// How much a render's child renderers hold at once: each is a thread, a GPU context and a
/// compositor of its own, and a few pictures of the child's size.
public struct ChildRendererLoad: Sendable, Equatable {
  /// Child renderers running at once, grandchildren's included.
  public var renderers: Int
  /// The pixels of those renderers' pictures together.
  public var pixels: Int

  /// A load of `renderers` renderers holding `pixels` pixels.
  public init(renderers: Int, pixels: Int) {
    self.renderers = renderers
    self.pixels = pixels
  }

  static let none = ChildRendererLoad(renderers: 0, pixels: 0)

  static func + (a: Self, b: Self) -> Self {
    Self(renderers: a.renderers + b.renderers, pixels: a.pixels + b.pixels)
  }
}

extension LayerPlan {
  /// The key of the child renderer this layer draws from, when it is a `project` layer.
  public var childRendererKey: ChildRendererKey? {
    guard case .project(let project) = content else { return nil }
    return ChildRendererKey(
      composition: project.composition, frames: frames, start: start, clip: project.clip)
  }
}

extension RenderPlan {
  /// How many frames before a layer's first frame the renderer makes and starts its source
  /// (half a second, at least two frames): time for a decoder to open, seek and fill its
  /// queue. The child renderer load counts a child's renderer from then.
  public static func sourceLead(fps: Rational) -> Int64 {
    max(2, TimeGrid.firstFrame(atOrAfter: Rational(1, 2), fps: fps))
  }

  /// One child renderer of this plan's: the layers that share it, and what it holds while it
  /// runs, its own children's renderers included.
  public struct ChildRendererGroup: Sendable {
    /// The indices in `layers` of the layers drawing from it, the first first.
    public var layers: [Int]
    /// The parent's frames from when it is made (`sourceLead` before its first) to when it is
    /// let go (its end: `LayerSources` makes the sources due at a frame before it lets go of
    /// those that ended).
    public var alive: ClosedRange<Int64>
    /// What it holds: itself, its picture and, at their peak, its children's renderers.
    public var load: ChildRendererLoad
  }

  /// This plan's child renderers: one for each set of `project` layers with equal keys that
  /// run at the same time.
  public var childRendererGroups: [ChildRendererGroup] {
    var groups: [ChildRendererGroup] = []
    var keys: [ChildRendererKey] = []
    var loads: [Int: ChildRendererLoad] = [:]
    let lead = Self.sourceLead(fps: output.fps)
    for (index, layer) in layers.enumerated() {
      guard let key = layer.childRendererKey, key.frames.count > 0,
        compositions.indices.contains(key.composition)
      else { continue }
      if let found = keys.firstIndex(of: key) {
        groups[found].layers.append(index)
        continue
      }
      let load =
        loads[key.composition]
        ?? {
          let child = compositions[key.composition].plan
          let own = ChildRendererLoad(
            renderers: 1, pixels: child.output.width * child.output.height)
          return own + child.childRendererPeak().load
        }()
      loads[key.composition] = load
      keys.append(key)
      groups.append(
        ChildRendererGroup(
          layers: [index], alive: (key.frames.first - lead)...key.frames.end, load: load))
    }
    return groups
  }

  /// The most this plan's child renderers hold at once (renderers and pixels each at its own
  /// peak), and a group in `childRendererGroups` to name: the one at whose start the running
  /// total first exceeds `limit`, in renderers or pixels, if it does; otherwise the one at
  /// which the renderers peak (nil when the plan draws no child).
  public func childRendererPeak(limit: ChildRendererLoad? = nil) -> (
    load: ChildRendererLoad, group: Int?
  ) {
    let groups = childRendererGroups
    // Each group starts at its first frame and ends after its last; at one frame, ends come
    // before starts.
    var events: [(frame: Int64, isStart: Bool, group: Int)] = []
    for (index, group) in groups.enumerated() {
      events.append((group.alive.lowerBound, true, index))
      events.append((group.alive.upperBound + 1, false, index))
    }
    events.sort {
      ($0.frame, $0.isStart ? 1 : 0, $0.group) < ($1.frame, $1.isStart ? 1 : 0, $1.group)
    }
    var running = ChildRendererLoad.none
    var peak = ChildRendererLoad.none
    var peakGroup: Int?
    var exceeding: Int?
    for event in events {
      let load = groups[event.group].load
      guard event.isStart else {
        running.renderers -= load.renderers
        running.pixels -= load.pixels
        continue
      }
      running = running + load
      if running.renderers > peak.renderers { peakGroup = event.group }
      peak.renderers = max(peak.renderers, running.renderers)
      peak.pixels = max(peak.pixels, running.pixels)
      if let limit, exceeding == nil,
        running.renderers > limit.renderers || running.pixels > limit.pixels
      {
        exceeding = event.group
      }
    }
    return (peak, exceeding ?? peakGroup)
  }
}

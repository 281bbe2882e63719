import Builds
import Compositing
import Media
import RenderPlan
import Timeline

/// The source pictures video layers showed on recent frames, kept by file and time, for a
/// preview that draws frames again and again: after a save that changed a colour or a text,
/// the plate's picture at the playhead is the one already decoded, not a seek from its key
/// frame (two thirds of a frame's time, profiled). A picture is a function of the file and
/// the time alone (decoding takes nothing else from the plan), and the file's stamp (size,
/// times, inode) is part of the key, so a replaced file is decoded again.
///
/// Used from one thread (the preview's drawing thread).
public final class DecodedPictures {
  struct Key: Hashable {
    var source: FileStamp
    var sourcePath: String
    var matte: FileStamp?
    var mattePath: String?
    var time: Rational
  }

  private var entries: [Key: (pictures: LayerPictures, used: Int, pixels: Int)] = [:]
  private var clock = 0
  private var pixels = 0
  private let limit: Int
  private let pixelLimit: Int

  /// A cache of at most `limit` layers' pictures holding at most `pixelLimit` pixels (64
  /// million: about 100 MB of 8-bit 4:2:0, twice that at 10 bits), the least recently used
  /// let go first.
  public init(limit: Int = 24, pixelLimit: Int = 64 << 20) {
    self.limit = limit
    self.pixelLimit = pixelLimit
  }

  /// `layer`'s pictures on frame `k` from the cache, or made by `make` and kept.
  func pictures(
    of layer: LayerPlan, plan: RenderPlan, frame k: Int64,
    make: () throws -> LayerPictures
  ) throws -> LayerPictures {
    guard let key = key(of: layer, plan: plan, frame: k) else { return try make() }
    clock += 1
    if let entry = entries[key] {
      entries[key] = (entry.pictures, clock, entry.pixels)
      return LayerPictures(frame: k, picture: entry.pictures.picture, matte: entry.pictures.matte)
    }
    let made = try make()
    let size = [made.picture, made.matte].reduce(0) { $0 + ($1.map { $0.width * $0.height } ?? 0) }
    guard size <= pixelLimit else { return made }
    entries[key] = (made, clock, size)
    pixels += size
    while entries.count > limit || pixels > pixelLimit,
      let oldest = entries.min(by: { $0.value.used < $1.value.used })
    {
      pixels -= oldest.value.pixels
      entries[oldest.key] = nil
    }
    return made
  }

  /// The key of a video layer's pictures on frame `k`; `nil` for other layers and for files
  /// that cannot be stamped (they are decoded, and fail, as without a cache).
  private func key(of layer: LayerPlan, plan: RenderPlan, frame k: Int64) -> Key? {
    guard case .video(let clip) = layer.content else { return nil }
    let sourcePath = plan.resolvedPath(clip.source)
    guard let source = FileStamp.read(sourcePath) else { return nil }
    var matte: FileStamp?
    var mattePath: String?
    if let file = clip.matte {
      let path = plan.resolvedPath(file)
      guard let stamp = FileStamp.read(path) else { return nil }
      (matte, mattePath) = (stamp, path)
    }
    return Key(
      source: source, sourcePath: sourcePath, matte: matte, mattePath: mattePath,
      time: clip.pickTime(ofFrame: k, start: layer.start, fps: plan.output.fps))
  }
}

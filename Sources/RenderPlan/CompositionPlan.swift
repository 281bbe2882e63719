import PlanValues
public import Timeline

/// A project drawn inside another (a `project:` layer's file): planned once for each set of
/// variables it is given, at the parent's frame rate and audio format, and rendered into a
/// picture and a mix that the parent's layers draw and hear like a video's
/// (docs/ARCHITECTURE.md, "Projects inside projects").
public struct CompositionPlan: Codable, Sendable, Equatable {
  /// The child's file, as the parent's plan names paths.
  public var file: String
  /// The variables it was planned with, by name.
  public var variables: [String: String]
  /// Its plan: its paths relative to its own folder, its output's file, encoding settings and
  /// loudness target cleared (a child has none of its own).
  public var plan: RenderPlan

  /// A child's plan.
  public init(file: String, variables: [String: String], plan: RenderPlan) {
    self.file = file
    self.variables = variables
    self.plan = plan
  }

  /// The facts a child shows its parent, as a probe shows a video's: its picture's size and
  /// the parent's frame rate, its length, and one audio stream (its whole mix) when it sounds.
  public static func facts(of plan: RenderPlan) -> MediaFacts {
    let output = plan.output
    let audio = output.audio
    return MediaFacts(
      duration: output.duration,
      video: VideoFacts(
        codec: "chromake", pixelFormat: output.background == .transparent ? "yuva420p" : "yuv420p",
        width: output.width, height: output.height, frameRate: output.fps,
        duration: output.duration),
      audio: plan.audio.isEmpty
        ? []
        : [
          AudioFacts(
            streamIndex: 0, codec: "chromake", sampleRate: audio.sampleRate,
            channels: audio.channels,
            layout: AudioEncodingPlan.layoutName(channels: audio.channels),
            duration: output.duration)
        ])
  }

  /// The plan as a child: what a parent ignores of it cleared, so that changing it changes
  /// nothing the parent renders or fingerprints.
  public static func asChild(_ plan: RenderPlan, parent: OutputPlan) -> RenderPlan {
    var plan = plan
    plan.output.file = ""
    plan.output.format = parent.format
    plan.output.formatChoice = parent.formatChoice
    plan.output.poster = nil
    plan.output.audio.bitrate = parent.audio.bitrate
    plan.output.audio.limiter = nil
    plan.output.audio.loudness = nil
    // A child's frames are drawn, not encoded: it has no pieces of its own.
    plan.output.segment = nil
    return plan
  }
}

extension RenderPlan {
  /// The frame of this plan, drawn as a child on its parent's frame grid, that shows at child
  /// time `time`: the latest at or before it, within the child's frames.
  public func frame(showingAt time: Rational) -> Int64 {
    let fps = output.fps
    let first = TimeGrid.firstFrame(atOrAfter: time, fps: fps)
    let j = TimeGrid.time(ofFrame: first, fps: fps) == time ? first : first - 1
    return min(max(j, 0), output.frameCount - 1)
  }
}

/// A `project` layer's clip: which composition it shows, and how its frames play, exactly as
/// a video's would (`clip.source` is the child's file; its display is upright, square and in
/// the output's own colours).
public struct ProjectClipPlan: Codable, Sendable, Equatable {
  /// The index of the child in `RenderPlan.compositions`.
  public var composition: Int
  /// How the child's frames are picked, held, looped and matted.
  public var clip: VideoClipPlan

  /// A project clip.
  public init(composition: Int, clip: VideoClipPlan) {
    self.composition = composition
    self.clip = clip
  }
}

extension AudioEncodingPlan {
  /// FFmpeg's name for the default layout of `channels` channels, as a probe reports it.
  public static func layoutName(channels: Int) -> String {
    switch channels {
    case 1: "mono"
    case 2: "stereo"
    case 6: "5.1"
    default: "\(channels) channels"
    }
  }
}

extension RenderPlan {
  /// This plan and every child's plan, its children's children included, depth first.
  public var withCompositions: [RenderPlan] {
    [self] + compositions.flatMap(\.plan.withCompositions)
  }
}

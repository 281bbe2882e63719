public import Diagnostics
import PlanValues
public import ProjectFile
import RenderPlan
import Timeline

/// Checks a project against the facts of its media: streams that must exist, trims that must
/// lie inside the source. Runs on any spec, even one with errors, so that one run reports
/// everything; references whose facts are missing (the probe failed and said so) are skipped.
public enum MediaChecks {
  /// The problems found; `facts` is keyed by resolved path.
  public static func check(_ spec: ProjectSpec, facts: [String: MediaFacts]) -> [Diagnostic] {
    var found: [Diagnostic] = []
    let fps = spec.output.fps.value
    func factsOf(_ path: Located<String>) -> MediaFacts? {
      facts[ProjectPaths.resolve(path.value, in: spec.directory)]
    }
    for layer in spec.layers {
      guard case .sequence(let sequence) = layer.content else { continue }
      for case let transition? in sequence.transitions {
        if let pattern = transition.pattern, let media = factsOf(pattern) {
          found += checkImage(pattern, media: media, subject: transition.subject)
        }
      }
    }
    for layer in spec.drawnLayers {
      if case .image(let image) = layer.content, let media = factsOf(image.path) {
        found += checkImage(image.path, media: media, subject: "layer '\(layer.name.value)'")
      }
      guard let video = layer.content.playedVideo else { continue }
      let subject = "layer '\(layer.name.value)'"
      if let media = factsOf(video.clip.source) {
        found += checkPictureSize(video.clip.source, media: media, subject: subject)
      }
      if let matte = video.matte, let media = factsOf(matte) {
        found += checkPictureSize(matte, media: media, subject: "matte of \(subject)")
      }
      if let media = layer.playedFacts(in: spec.directory, facts: facts) {
        if media.video == nil {
          found.append(
            .error(
              "no-video-stream", "\(subject): '\(video.clip.source.value)' has no video stream",
              at: video.clip.source.location,
              help: "an audio-only file belongs under the top-level 'audio:' list"))
        } else {
          found += checkTrim(video.clip, length: media.videoDuration, fps: fps, subject: subject)
        }
        if !video.audio.mute.value {
          found += checkStreams(video.audio.streams, media: media, subject: subject)
        }
      }
      if let matte = video.matte, let media = factsOf(matte), media.video == nil {
        found.append(
          .error(
            "no-video-stream", "\(subject): matte '\(matte.value)' has no video stream",
            at: matte.location))
      }
    }
    for track in spec.audioTracks {
      let subject = "audio track '\(track.name.value)'"
      guard let media = factsOf(track.clip.source) else { continue }
      if media.audio.isEmpty {
        found.append(
          .error(
            "no-audio-stream", "\(subject): '\(track.clip.source.value)' has no audio stream",
            at: track.clip.source.location))
        continue
      }
      found += checkStreams(track.mix.streams, media: media, subject: subject)
      let streams = selectedStreams(track.mix.streams.value, count: media.audio.count)
      found += checkTrim(
        track.clip, length: media.audioDuration(of: streams), fps: fps, subject: subject)
    }
    return found
  }

  /// An image layer needs one picture: a file whose video stream an image decoder reads.
  private static func checkImage(_ path: Located<String>, media: MediaFacts, subject: String)
    -> [Diagnostic]
  {
    guard let video = media.video else {
      return [
        .error(
          "not-an-image", "\(subject): '\(path.value)' has no picture", at: path.location,
          notes: path.substitutionNotes, help: "it must be a PNG, JPEG or WebP file")
      ]
    }
    guard VideoFacts.imageCodecs.contains(video.codec) else {
      return [
        .error(
          "not-an-image",
          "\(subject): '\(path.value)' is a video (\(video.codec)), not a still picture",
          at: path.location, notes: path.substitutionNotes,
          help: "show a video with 'source:' instead of 'image:'")
      ]
    }
    return checkPictureSize(path, media: media, subject: subject)
  }

  /// A picture larger than chromake draws (`PictureLimits`): found here, at its path, rather
  /// than by the GPU driver or the decoder during the render.
  private static func checkPictureSize(
    _ path: Located<String>, media: MediaFacts, subject: String
  ) -> [Diagnostic] {
    guard let video = media.video, video.isTooLarge else { return [] }
    let side = max(video.width, video.height)
    let limit =
      side > PictureLimits.largestSide
      ? "; chromake draws pictures up to \(PictureLimits.largestSide) pixels on a side"
      : ", over \(PictureLimits.largestPixels / 1_000_000) megapixels; chromake draws "
        + "pictures of up to \(PictureLimits.largestPixels / 1_000_000) megapixels"
    return [
      .error(
        "picture-too-large",
        "\(subject): '\(path.value)' is \(video.width)×\(video.height)\(limit)",
        at: path.location, notes: path.substitutionNotes,
        help: "scale it down first, for example: ffmpeg -i big.png -vf scale=4096:-1 smaller.png")
    ]
  }

  /// The audio stream indices a selection names (only those the file has).
  static func selectedStreams(_ selection: StreamSelection, count: Int) -> [Int] {
    switch selection {
    case .all: Array(0..<count)
    case .indices(let list): list.map(\.value).filter { $0 < count }
    }
  }

  private static func checkStreams(
    _ selection: Located<StreamSelection>, media: MediaFacts, subject: String
  ) -> [Diagnostic] {
    guard case .indices(let list) = selection.value else { return [] }
    let count = media.audio.count
    return list.filter { $0.value >= count }.map { index in
      .error(
        "no-such-stream", "\(subject): there is no audio stream \(index.value)",
        at: index.location,
        notes: [.init("the file has \(count) audio stream\(count == 1 ? "" : "s")")],
        help: count == 0
          ? "remove 'streams'"
          : count == 1
            ? "its one audio stream is 0" : "audio streams are counted from 0 to \(count - 1)")
    }
  }

  /// The slack allowed when `out` names the very end of a source whose length is known only
  /// to its time base.
  static let endTolerance = Rational(1, 1000)

  private static func checkTrim(
    _ clip: ClipSpec, length: Rational?, fps: Rational, subject: String
  ) -> [Diagnostic] {
    guard let length else {
      if clip.outPoint == nil && !clip.loop.value {
        return [
          .error(
            "unknown-duration", "\(subject): the length of '\(clip.source.value)' is unknown",
            at: clip.source.location, help: "give 'out' or 'duration'")
        ]
      }
      return []
    }
    var found: [Diagnostic] = []
    let inPoint = clip.inPoint.value.seconds(fps: fps)
    if inPoint >= length {
      found.append(
        .error(
          "past-end",
          "\(subject): in (\(TimeFormat.seconds(inPoint)) s) is at or past the end of the source (\(TimeFormat.seconds(length)) s)",
          at: clip.inPoint.location))
    }
    if let out = clip.outPoint, out.value.seconds(fps: fps) > length + endTolerance {
      found.append(
        .error(
          "past-end",
          "\(subject): out (\(TimeFormat.seconds(out.value.seconds(fps: fps))) s) is past the end of the source (\(TimeFormat.seconds(length)) s)",
          at: out.location, help: "leave 'out' out to play to the end"))
    }
    return found
  }
}

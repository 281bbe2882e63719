public import Diagnostics
import Media
public import ProjectFile
public import RenderPlan

extension MediaReference.Role {
  /// Whether the file is drawn as a picture that may be a still: an image, a luma pattern, or
  /// a matte.
  fileprivate var isPicture: Bool {
    switch self {
    case .image, .pattern, .matte: true
    case .layerSource, .audioTrack: false
    }
  }
}

/// Probes every media file a project names, once each, and turns what FFmpeg found into
/// planner facts, or probe failures into diagnostics at every place the file is named.
public enum MediaInspector {
  /// Facts keyed by resolved path, and the problems found opening files.
  public struct Inspection: Sendable {
    /// Facts of every file that opened.
    public var facts: [String: MediaFacts]
    /// One error per reference to a file that did not open.
    public var diagnostics: [Diagnostic]
  }

  /// Probes the files `spec` names, except those `known` already has facts for.
  public static func inspect(
    _ spec: ProjectSpec, known: (String) -> MediaFacts? = { _ in nil }
  ) -> Inspection {
    var facts: [String: MediaFacts] = [:]
    var failures: [String: MediaError] = [:]
    var diagnostics: [Diagnostic] = []
    for ref in spec.mediaReferences {
      if facts[ref.resolved] == nil && failures[ref.resolved] == nil {
        if let knownFacts = known(ref.resolved) {
          facts[ref.resolved] = knownFacts
        } else {
          do {
            let probed = MediaFacts(try MediaProbe.probe(path: ref.resolved))
            if ref.role.isPicture { try decodeStill(ref.resolved, facts: probed) }
            facts[ref.resolved] = probed
          } catch {
            failures[ref.resolved] = error
          }
        }
      }
      if let failure = failures[ref.resolved] {
        diagnostics.append(diagnostic(for: failure, reference: ref))
      }
    }
    return Inspection(facts: facts, diagnostics: diagnostics)
  }

  /// Decodes a still picture whole, as the render will: a probe reads only its header, so a
  /// damaged PNG or a text file named `.png` would pass `check` and fail the render. A picture
  /// larger than chromake draws is left to `MediaChecks`, which says so at its path without
  /// decoding it.
  private static func decodeStill(_ path: String, facts: MediaFacts) throws(MediaError) {
    guard let video = facts.video, video.isStillPicture, !video.isTooLarge else { return }
    do {
      _ = try StillImage.decode(path: path)
    } catch {
      switch error {
      case .ffmpeg(let call, _, let message):
        throw .undecodable(path: path, stream: "its picture", reason: "\(call): \(message)")
      default: throw error
      }
    }
  }

  static func diagnostic(for error: MediaError, reference ref: MediaReference) -> Diagnostic {
    let what = "\(ref.role.rawValue) of '\(ref.owner)'"
    let notes: [Diagnostic.Note] =
      ref.path.substitutionNotes
      + (ref.path.value == ref.resolved ? [] : [.init("resolved to \(ref.resolved)")])
    switch error {
    case .fileNotFound:
      return .error(
        "missing-media", "\(what): no such file '\(ref.path.value)'", at: ref.path.location,
        notes: notes, help: "relative paths are resolved against the project file's folder")
    case .unreadable(_, let reason):
      return .error(
        "unreadable-media", "\(what): '\(ref.path.value)' cannot be read: \(reason)",
        at: ref.path.location, notes: notes)
    case .notMedia(_, let reason):
      return .error(
        "not-media", "\(what): '\(ref.path.value)' is not a media file FFmpeg can read (\(reason))",
        at: ref.path.location, notes: notes)
    case .undecodable(_, let stream, let reason):
      return .error(
        "undecodable-media",
        "\(what): '\(ref.path.value)' cannot be decoded: \(stream): \(reason)",
        at: ref.path.location, notes: notes,
        help: "the file is damaged or uses a codec this FFmpeg cannot decode; re-encode it")
    case .ffmpeg(let call, _, let message):
      return .error(
        "probe-failed", "\(what): '\(ref.path.value)' could not be probed: \(call): \(message)",
        at: ref.path.location, notes: notes)
    }
  }
}

extension MediaFacts {
  /// The planner's view of a probe.
  init(_ info: MediaInfo) {
    self.init(
      duration: info.duration,
      video: info.video.map {
        VideoFacts(
          codec: $0.codec, pixelFormat: $0.pixelFormat, width: $0.width, height: $0.height,
          frameRate: $0.frameRate, duration: $0.duration, rotation: $0.rotation,
          sampleAspectRatio: $0.sampleAspectRatio, colorMatrix: $0.colorMatrix.rawValue,
          colorRange: $0.colorRange.rawValue)
      },
      audio: info.audio.map {
        AudioFacts(
          streamIndex: $0.streamIndex, codec: $0.codec, sampleRate: $0.sampleRate,
          channels: $0.channels, layout: $0.channelLayout, duration: $0.duration)
      })
  }
}

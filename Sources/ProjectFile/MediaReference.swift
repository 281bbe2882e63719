import PlanValues

/// One place a project names a media file.
public struct MediaReference: Sendable {
  /// What the file is used as.
  public enum Role: String, Sendable {
    /// A layer's `source`: needs a video stream.
    case layerSource = "source"
    /// A layer's `matte`: needs a video stream.
    case matte
    /// An image layer's `image`: needs a still picture.
    case image
    /// An audio track's `source`: needs an audio stream.
    case audioTrack = "audio track source"
    /// A luma transition's `pattern`: needs a still picture.
    case pattern
  }

  /// The path as written, located.
  public var path: Located<String>
  /// The absolute, normalised path.
  public var resolved: String
  /// What it is used as.
  public var role: Role
  /// The layer or track that names it.
  public var owner: String
}

extension ProjectSpec {
  /// Every media file the project names, in file order (a file named twice appears twice).
  public var mediaReferences: [MediaReference] {
    var refs: [MediaReference] = []
    func add(_ path: Located<String>, _ role: MediaReference.Role, _ owner: String) {
      guard !path.value.isEmpty else { return }
      refs.append(
        MediaReference(
          path: path, resolved: ProjectPaths.resolve(path.value, in: directory), role: role,
          owner: owner))
    }
    for layer in layers {
      if case .sequence(let sequence) = layer.content {
        for case let transition? in sequence.transitions {
          if let pattern = transition.pattern { add(pattern, .pattern, transition.subject) }
        }
      }
    }
    for layer in drawnLayers {
      switch layer.content {
      case .video(let video):
        add(video.clip.source, .layerSource, layer.name.value)
        if let matte = video.matte { add(matte, .matte, layer.name.value) }
      case .image(let image):
        add(image.path, .image, layer.name.value)
      case .project(let project):
        // The project file itself is no media: the session loads and plans it.
        if let matte = project.video.matte { add(matte, .matte, layer.name.value) }
      case .fill, .text, .captions, .sequence:
        break
      }
    }
    for track in audioTracks { add(track.clip.source, .audioTrack, track.name.value) }
    return refs
  }
}

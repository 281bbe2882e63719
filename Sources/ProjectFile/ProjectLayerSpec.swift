import Diagnostics
import Foundation
import PlanValues

/// The keys of a `project` layer: another project file, planned at the parent's frame rate
/// and audio format and drawn as one picture, placed and timed like a video.
public struct ProjectLayerSpec: Sendable {
  /// The child project as a video: `clip.source` is the project file; `in`, `out`, `loop`,
  /// `after_end`, `key`, `matte` and `audio` mean what they mean on a `source` layer.
  public var video: VideoLayerSpec
  /// `variables:`, in file order: values for the child's `{{placeholders}}`, after the
  /// parent's own placeholders in them were filled in.
  public var variables: [ChildVariable]

  /// The project file, as written (after templating).
  public var file: Located<String> { video.clip.source }

  /// The variables as the child is planned with them, by name.
  public var variableValues: [String: String] {
    Dictionary(variables.map { ($0.name.value, $0.value.value) }) { _, last in last }
  }

  /// What tells one use of a child from another: the child file, resolved against `directory`,
  /// and the variables it is given. Uses with the same key are the same composition, planned
  /// once; the key also files the child's facts among the media's.
  public func key(in directory: String) -> String {
    let resolved = ProjectPaths.resolve(file.value, in: directory)
    let pairs = variableValues.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
    // A JSON array of strings: no value, whatever it holds, can run into the next.
    let data = (try? JSONEncoder().encode([resolved] + pairs)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

/// One entry of a `project` layer's `variables:`.
public struct ChildVariable: Sendable {
  /// The child's variable.
  public var name: Located<String>
  /// Its value: written in the parent, with the parent's placeholders filled in (their
  /// substitutions recorded, so the child's path rules know which parts are data).
  public var value: Located<String>
}

import Diagnostics
import Foundation
import PlanValues
import Timeline

/// Checks that span several values: unique names, `in` before `out`, keyframes in time order
/// (`45f` times need the frame rate), and the output not overwriting an input.
struct ProjectRules {
  let context: ReadContext
  let spec: ProjectSpec

  func check() {
    checkUniqueNames()
    for layer in spec.drawnLayers {
      let subject = "layer '\(layer.name.value)'"
      checkKeyframeOrder(layer.box, what: "\(subject) box")
      checkKeyframeOrder(layer.opacity, what: "\(subject) opacity")
      checkKeyframeOrder(layer.rotation, what: "\(subject) rotation")
      guard let video = layer.content.playedVideo else { continue }
      checkClip(video.clip, subject: "layer '\(layer.name.value)'")
    }
    for track in spec.audioTracks {
      checkClip(track.clip, subject: "audio track '\(track.name.value)'")
    }
    checkOutputIsNotAnInput()
    // A child's own output is never written when it is drawn inside another project.
    if context.dataRoot == nil { checkOutputsAreNotFolders() }
    DuckRules(context: context, spec: spec).check()
  }

  private func checkUniqueNames() {
    var first: [String: SourceLocation] = [:]
    // A sequence's name and its items' names alike.
    let layerNames = spec.layers.flatMap { layer -> [Located<String>] in
      guard case .sequence(let sequence) = layer.content else { return [layer.name] }
      return [layer.name] + sequence.items.map(\.name)
    }
    // Names left out by `when` count too, so a clash is found whichever rows show them; each
    // is reported where it comes second in the file.
    let names = (layerNames + spec.audioTracks.map(\.name) + context.leftOutNames).sorted {
      ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
    }
    for name in names {
      if let earlier = first[name.value] {
        context.error(
          "duplicate-name", "the name '\(name.value)' is already used", at: name.location,
          notes: [.init("first used here", at: earlier)],
          help: "names are unique across layers and audio tracks")
      } else {
        first[name.value] = name.location
      }
    }
  }

  /// Each keyframe after the first must come strictly later: a jump is `ease: hold`, not two
  /// keyframes at one time.
  private func checkKeyframeOrder<Value>(_ animated: AnimatedSpec<Value>?, what: String) {
    // A time that follows another thing is known only once planned, and checked then.
    let problems = animated?.keyframeOrderProblems(what: what, fps: spec.output.fps.value) {
      spec.timeReferences[$0] != nil
    }
    for problem in problems ?? [] { context.report(problem) }
  }

  private func checkClip(_ clip: ClipSpec, subject: String) {
    guard let out = clip.outPoint else { return }
    let fps = spec.output.fps.value
    let inSeconds = clip.inPoint.value.seconds(fps: fps)
    let outSeconds = out.value.seconds(fps: fps)
    if outSeconds <= inSeconds {
      context.error(
        "out-before-in",
        "\(subject): out (\(TimeFormat.seconds(outSeconds)) s) must be after in (\(TimeFormat.seconds(inSeconds)) s)",
        at: out.location, notes: [.init("in is here", at: clip.inPoint.location)])
    }
  }

  private func checkOutputIsNotAnInput() {
    let output = resolve(spec.output.file.value)
    // Sources, mattes, images and audio tracks alike.
    for input in spec.mediaReferences where ProjectPaths.sameFile(input.resolved, output) {
      context.error(
        "output-is-input", "output.file is also an input: rendering would overwrite it",
        at: spec.output.file.location, notes: [.init("read here", at: input.path.location)])
    }
    guard let poster = spec.output.poster?.file else { return }
    let picture = resolve(poster.value)
    for input in spec.mediaReferences where ProjectPaths.sameFile(input.resolved, picture) {
      context.error(
        "output-is-input",
        "output.poster.file is also an input: rendering would overwrite it",
        at: poster.location, notes: [.init("read here", at: input.path.location)])
    }
    // An animated WebP and a WebP poster can share a name: the poster, written last, would
    // replace the movie with one frame, and the build record would call it up to date.
    if context.dataRoot == nil, ProjectPaths.sameFile(picture, output) {
      context.error(
        "poster-is-output",
        "output.poster.file is output.file itself: the poster would replace the movie",
        at: poster.location, notes: [.init("output.file", at: spec.output.file.location)],
        help: "give the poster a name of its own, such as 'poster.webp'")
    }
    // Only a PNG sequence can share a name with a picture: its frame would replace the poster.
    if let frames = FramePattern(output), frames.frame(of: picture) != nil {
      context.error(
        "output-is-input", "output.poster.file is one of the output's own frames",
        at: poster.location, notes: [.init("output.file", at: spec.output.file.location)])
    }
  }

  /// A folder where a file is to be written: the render would encode the whole movie and
  /// then fail to rename it into place, so `check` says so first.
  private func checkOutputsAreNotFolders() {
    var outputs = [(what: "output.file", path: spec.output.file)]
    if let poster = spec.output.poster?.file { outputs.append(("output.poster.file", poster)) }
    for (what, path) in outputs where !path.value.isEmpty && FramePattern(path.value) == nil {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: resolve(path.value), isDirectory: &isFolder),
        isFolder.boolValue
      else { continue }
      context.error(
        "output-is-folder", "\(what) '\(path.value)' is a folder: the render cannot write over it",
        at: path.location, notes: path.substitutionNotes,
        help: "remove the folder, or name a file that is not one")
    }
  }

  private func resolve(_ path: String) -> String {
    ProjectPaths.resolve(path, in: spec.directory)
  }
}

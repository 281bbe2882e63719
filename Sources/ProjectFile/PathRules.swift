import Diagnostics
import Foundation
import PlanValues
import Yams

/// "Data is data": the rules that keep a project's file paths to what its author meant.
///
/// Every path names a local file, never a URL or an FFmpeg protocol. A media path built from
/// `{{variables}}` stays inside the project's folder (unless `--allow-outside-root`), and an
/// `output.file` built from them stays inside the folder its author wrote before the first
/// placeholder, so a `--set` value or a data cell can choose a file but never reach one
/// elsewhere on the disk, whether by `..`, by an absolute path or through a symbolic link.
public struct PathRules {
  let context: ReadContext
  let spec: ProjectSpec

  /// Reports every path that breaks a rule, and gives the spec with those paths emptied, so
  /// that nothing later (probing media, planning) opens a file the project may not name.
  func checked() -> ProjectSpec {
    var checked = spec.mappingDrawnLayers(checkLayer)
    checked.layers = checked.layers.map(checkPatterns)
    checked.audioTracks = spec.audioTracks.map { track in
      var track = track
      if !mayRead(track.clip.source, what: "audio track source") { track.clip.source.value = "" }
      if case .file(let file) = track.speech?.origin, !mayRead(file, what: "speak file") {
        track.speech = nil
      }
      return track
    }
    checkOutput(spec.output.file)
    checkOutputNames(spec.output.file)
    return checked
  }

  private func checkLayer(_ layer: LayerSpec) -> LayerSpec {
    var layer = layer
    if let lut = layer.effects.lut, !mayRead(lut, what: "lut") { layer.effects.lut = nil }
    switch layer.content {
    case .video(var video):
      if !mayRead(video.clip.source, what: "source") { video.clip.source.value = "" }
      if let matte = video.matte, !mayRead(matte, what: "matte") { video.matte = nil }
      layer.content = .video(video)
    case .image(var image):
      if !mayRead(image.path, what: "image") { image.path.value = "" }
      layer.content = .image(image)
    case .captions(var captions):
      if !mayRead(captions.file, what: "captions") { captions.file.value = "" }
      layer.content = .captions(captions)
    case .project(var project):
      if !mayRead(project.video.clip.source, what: "project") {
        project.video.clip.source.value = ""
      }
      if let matte = project.video.matte, !mayRead(matte, what: "matte") {
        project.video.matte = nil
      }
      layer.content = .project(project)
    case .fill, .text, .sequence:
      break
    }
    return layer
  }

  /// A sequence with each luma pattern the rules refuse taken out of its transition.
  private func checkPatterns(_ layer: LayerSpec) -> LayerSpec {
    guard case .sequence(var sequence) = layer.content else { return layer }
    for index in sequence.transitions.indices {
      if let pattern = sequence.transitions[index]?.pattern, !mayRead(pattern, what: "pattern") {
        sequence.transitions[index]?.pattern?.value = ""
      }
    }
    var layer = layer
    layer.content = .sequence(sequence)
    return layer
  }

  /// Whether a media path may be read: one built from variables must lead inside the
  /// project's folder (a child's: the root project's, or its own, which a bumper library
  /// beside the project keeps its media in), by its text and through the symbolic links on
  /// its way.
  private func mayRead(_ path: Located<String>, what: String) -> Bool {
    guard path.substitutions.contains(where: \.isData), !path.value.isEmpty,
      !context.allowOutsideRoot
    else {
      return true
    }
    let directory = ProjectPaths.absolute(spec.directory, in: "/")
    let folder = context.dataRoot.map { ProjectPaths.absolute($0, in: "/") } ?? directory
    let resolved = ProjectPaths.absolute(path.value, in: directory)
    guard let escape = ProjectPaths.escape(of: resolved, from: folder) else { return true }
    if context.dataRoot != nil, ProjectPaths.escape(of: resolved, from: directory) == nil {
      return true
    }
    let named = context.dataRoot == nil ? "the project's folder" : "the root project's folder"
    context.error(
      "path-outside-project", "\(what) '\(path.value)' leads outside \(named)",
      at: path.location, notes: path.substitutionNotes + [.init(escape)],
      help: "pass --allow-outside-root to allow it")
    return false
  }

  /// An output built from variables is written inside the folder written before its first
  /// placeholder (the project's folder when none is), even with `--allow-outside-root`:
  /// a render writes, and a variable must not choose where.
  ///
  /// Symbolic links are followed, in the written folder and in the output alike, before one is
  /// compared with the other. The written folder may be a link anywhere (`out -> /mnt/big`):
  /// its author chose it. A link the variable's part goes through may lead out of that folder
  /// only into the project's own folder, where its author must have put it (`out/latest ->
  /// ../renders`); a link leading anywhere else is refused, as is a `..` in the text.
  private func checkOutput(_ file: Located<String>) {
    guard !file.substitutions.isEmpty, let template = file.template, !file.value.isEmpty else {
      return
    }
    let directory = ProjectPaths.absolute(spec.directory, in: "/")
    let literal = template.range(of: "{{").map { template[..<$0.lowerBound] } ?? template[...]
    let written = literal.lastIndex(of: "/").map { String(literal[...$0]) }
    let folder = written.map { ProjectPaths.absolute($0, in: directory) } ?? directory
    let resolved = ProjectPaths.absolute(file.value, in: directory)
    guard let escape = ProjectPaths.escape(of: resolved, from: folder) else { return }
    if ProjectPaths.contains(ProjectPaths.lexical(folder), ProjectPaths.lexical(resolved)),
      ProjectPaths.escape(of: resolved, from: directory) == nil
    {
      return
    }
    let named = written.map { "the folder '\($0)'" } ?? "the project's folder"
    context.error(
      "output-outside-folder", "output.file '\(file.value)' leads outside \(named)",
      at: file.location, notes: file.substitutionNotes + [.init(escape)],
      help: "a variable may name the output file, not its folder: "
        + "write the folder before the first {{…}}")
  }

  /// The scheme of a URL or FFmpeg protocol (`http`, `concat`, `pipe`…) that `path` starts
  /// with, or `nil` for a plain path.
  ///
  /// This is FFmpeg's own test: letters, digits and `+-.` followed by `:` (and
  /// `subfile,…:`). A local file whose name has a colon can be written `./take:2.mp4`.
  public static func urlScheme(of path: String) -> String? {
    let schemeCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")
    let scheme = path.prefix { schemeCharacters.contains($0) }
    if !scheme.isEmpty, path.dropFirst(scheme.count).first == ":" { return String(scheme) }
    if path.hasPrefix("subfile,"), path.dropFirst(8).contains(":") { return "subfile" }
    return nil
  }
}

extension ReadContext {
  /// A local file path: not empty, not a URL or an FFmpeg protocol, whether written so or
  /// made so by a variable.
  func path(_ node: Node, what: String) -> Located<String>? {
    guard let s = scalarText(node, expected: "a file path", example: "media/clip.mp4") else {
      return nil
    }
    let text = s.text
    guard !text.trimmingWhitespace().isEmpty else {
      error("empty-value", "\(what) cannot be empty", at: s.location, notes: s.substitutionNotes)
      return nil
    }
    if text.utf8.contains(0) {
      // Checked before anything makes a URL of it: Foundation would write the NUL as `%00`,
      // and C would cut the path there, opening another file.
      let problem = OutputNameProblem.nul
      error(
        problem.id, problem.message(subject: what), at: s.location, notes: s.substitutionNotes,
        help: problem.help)
      return nil
    }
    if let scheme = PathRules.urlScheme(of: text) {
      error(
        "not-a-local-file", "\(what) must be a local file, not a '\(scheme):' address",
        at: s.location, notes: s.substitutionNotes,
        help: "chromake reads local files only; a local file whose name has a colon can be "
          + "written ./name, as in ./take:2.mp4")
      return nil
    }
    return s.located
  }
}

extension ProjectPaths {
  /// `path` made absolute against `directory` when relative, and nothing else: a `..` after a
  /// symbolic link leads out of the link's target, so it must stay for `followingLinks`.
  ///
  /// The rules use this rather than `resolve`, which looks at the disk: Foundation's
  /// standardising follows the links of a path with `..` in it and not of one without, so a
  /// folder and a new file inside it could come out under different prefixes.
  static func absolute(_ path: String, in directory: String) -> String {
    path.hasPrefix("/") ? path : directory + "/" + path
  }

  /// The absolute `path` with `.` and `..` removed from its text alone, as the user reads it.
  static func lexical(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        _ = parts.popLast()
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// Why the absolute `path` is not inside the absolute `folder`, or `nil` when it is: by
  /// their text (`..` removed) and once the symbolic links among their existing parts are
  /// followed.
  static func escape(of path: String, from folder: String) -> String? {
    let (textPath, textFolder) = (lexical(path), lexical(folder))
    guard contains(textFolder, textPath) else {
      return "resolved to \(textPath), outside \(textFolder)"
    }
    guard let real = followingLinks(path) else {
      return "resolved to \(textPath), whose symbolic links do not end"
    }
    let realFolder = followingLinks(folder) ?? textFolder
    guard contains(realFolder, real) else {
      return "resolved to \(real) through symbolic links, outside \(realFolder)"
    }
    return nil
  }

  /// Whether `path` is `folder` or lies inside it; both absolute and normalised.
  fileprivate static func contains(_ folder: String, _ path: String) -> Bool {
    folder == "/" || path == folder || path.hasPrefix(folder + "/")
  }

  /// The absolute `path` with every symbolic link among its existing parts followed, as the
  /// kernel would (a `..` after a link leaves the link's target); the parts from the first
  /// missing one on are kept as written. `nil` after 40 links, where the kernel gives up too.
  static func followingLinks(_ path: String) -> String? {
    let files = FileManager.default
    var real: [Substring] = []
    // The parts still to walk, last first.
    var pending = Array(path.split(separator: "/").reversed())
    var links = 0
    var missing = false
    while let part = pending.popLast() {
      if part == "." { continue }
      if part == ".." {
        _ = real.popLast()
        continue
      }
      let here = "/" + (real + [part]).joined(separator: "/")
      if !missing, let target = try? files.destinationOfSymbolicLink(atPath: here) {
        links += 1
        guard links <= 40 else { return nil }
        if target.hasPrefix("/") { real = [] }
        pending += target.split(separator: "/").reversed()
        continue
      }
      if !missing, (try? files.attributesOfItem(atPath: here)) == nil { missing = true }
      real.append(part)
    }
    return "/" + real.joined(separator: "/")
  }
}

import Crypto
import Foundation
import PlanValues
import RenderPlan
import Timeline
import Typesetting

/// What each output frame shows, described from the plan alone, without decoding anything
/// (docs/ARCHITECTURE.md, "Structure in time"): for every layer drawn on the frame, its state
/// (box, turn, opacity), what it shows (which source time of which file's content, which
/// caption page, which frame of which child project), and the transitions between them.
///
/// Two frames with the same description are the same picture, since the compositor's output
/// is a function of exactly these and of the settings and programs in a segment's global
/// part. A description names files by their content's hash, never by their path, so it does
/// not depend on where a machine mounts the project.
struct FrameDescriber {
  private let plan: RenderPlan
  /// Each input's content hash, by its resolved path.
  private let hashes: [String: String]
  /// Each layer's description minus everything that varies from frame to frame, hashed.
  private var layerParts: [Int: String] = [:]
  private var transitionParts: [Int: String] = [:]
  private var pageParts: [Int: [Int64: String]] = [:]
  /// A describer for each child project, and the hash of each of its frames described.
  private var children: [Int: FrameDescriber] = [:]
  private var childFrames: [Int: [Int64: String]] = [:]
  private let transitions: [TransitionPlan]
  /// Each font file's content hash, by path: a text's files are part of its description.
  private let fonts: [String: String]

  /// A describer of `plan`'s frames, given the content hash of each input by `key` of its
  /// resolved path and of each font file by path; describing throws when an input a frame
  /// draws has none.
  init(plan: RenderPlan, hashes: [String: String], fonts: [String: String]) {
    self.plan = plan
    self.hashes = hashes
    self.fonts = fonts
    transitions = plan.transitions
  }

  /// One layer's part of a segment: its name and the hash of what it shows on each of the
  /// segment's frames it is drawn on.
  struct LayerPart {
    var name: String
    var digest: String
  }

  /// A segment's frames described: the hash of the frames' structure (which layers, in which
  /// order, which transitions at which progress) and each layer's part.
  mutating func describe(_ range: FrameRange) throws -> (structure: String, layers: [LayerPart]) {
    var structure = SHA256()
    structure.update("frames \(range.count)\n")
    var layerHashers: [Int: SHA256] = [:]
    for k in range.first..<range.end {
      let local = k - range.first
      var line = "frame \(local):"
      for (index, layer) in plan.layers.enumerated() where layer.frames.contains(k) {
        guard let entry = try entry(layer: index, frame: k) else { continue }
        line += " \(index)"
        var hasher = try layerHashers[index] ?? startLayer(index)
        hasher.update("\(local) \(entry)\n")
        layerHashers[index] = hasher
      }
      for (index, transition) in transitions.enumerated() where transition.frames.contains(k) {
        let progress = transition.progress(ofFrame: k, fps: plan.output.fps)
        line +=
          " t\(try transitionPart(index)) \(transition.outgoing)>\(transition.incoming)"
          + " \(progress)"
      }
      structure.update(line + "\n")
    }
    var layers: [LayerPart] = []
    for index in layerHashers.keys.sorted() {
      // The layer's position in the stack is part of the structure; its name is how a
      // manifest tells which layer changed.
      let digest = Self.hex(layerHashers[index]!.finalize())
      structure.update("layer \(index) \(digest)\n")
      layers.append(LayerPart(name: plan.layers[index].name, digest: digest))
    }
    return (Self.hex(structure.finalize()), layers)
  }

  /// The hash of frame `k` alone, for a parent that draws this plan as a child project.
  mutating func digest(ofFrame k: Int64) throws -> String {
    let (structure, layers) = try describe(FrameRange(first: k, end: k + 1))
    var hasher = SHA256()
    hasher.update(structure + "\n")
    for layer in layers { hasher.update(layer.digest + "\n") }
    return Self.hex(hasher.finalize())
  }

  /// The settings and output facts every frame depends on, as text to hash: the frame's size
  /// and rate, what lies under the layers.
  var pictureSettings: String {
    let output = plan.output
    return "\(output.width)x\(output.height) @\(output.fps) \(output.background)"
  }

  // MARK: layers

  private mutating func startLayer(_ index: Int) throws -> SHA256 {
    var hasher = SHA256()
    hasher.update(try layerPart(index) + "\n")
    return hasher
  }

  /// What layer `index` shows on frame `k`, or nil when it shows nothing there (hidden, or a
  /// captions layer between pages): its state, then what its picture is.
  private mutating func entry(layer index: Int, frame k: Int64) throws -> String? {
    let layer = plan.layers[index]
    let fps = plan.output.fps
    let state = layer.state(ofFrame: k, fps: fps)
    guard state.isVisible else { return nil }
    let box = state.box
    var text = "\(box.x) \(box.y) \(box.width) \(box.height) \(state.rotation) \(state.opacity)"
    if state.blur > 0 { text += " blur \(state.blur)" }
    if let radius = state.cornerRadius {
      text += " corners \(radius.value)\(radius.relative ? "%" : "")"
    }
    // An adjustment at its identity is drawn as no adjustment at all (`LayerSlot`).
    for descriptor in EffectDescriptor.adjustments {
      if let value = state.adjustments[descriptor.key], value != descriptor.shader?.identity {
        text += " \(descriptor.key) \(value)"
      }
    }
    switch layer.content {
    case .video(let clip):
      text += " @\(clip.pickTime(ofFrame: k, start: layer.start, fps: fps))"
    case .project(let project):
      let time = project.clip.pickTime(ofFrame: k, start: layer.start, fps: fps)
      let child = plan.compositions[project.composition].plan
      let j = child.frame(showingAt: time)
      text += " @\(time) child \(try childFrame(project.composition, j))"
    case .captions(let captions) where captions.words != nil:
      guard let words = captions.words, let page = words.page(atFrame: k) else { return nil }
      // The page's words and boxes, and each word's look on this frame: what is drawn.
      text += " words \(try wordPagePart(layer: index, page: page))"
      for (number, word) in page.words.enumerated() {
        let state = page.state(ofWord: number, atFrame: k)
        text += " \(state.rawValue.prefix(1))"
        if state == .active {
          text += "\(WordPop.scale(of: word, in: words, atFrame: k, fps: fps))"
        }
      }
    case .captions(let captions):
      guard let page = captions.page(atFrame: k) else { return nil }
      text += " page \(try pagePart(layer: index, page: page))"
    case .image, .fill, .text:
      break
    }
    return text
  }

  private mutating func childFrame(_ composition: Int, _ j: Int64) throws -> String {
    if let known = childFrames[composition]?[j] { return known }
    var child =
      children[composition]
      ?? FrameDescriber(plan: plan.compositions[composition].plan, hashes: hashes, fonts: fonts)
    let digest = try digest(child.pictureSettings, child.digest(ofFrame: j))
    children[composition] = child
    childFrames[composition, default: [:]][j] = digest
    return digest
  }

  private func digest(_ parts: String...) -> String {
    ContentHash.of(Data(parts.joined(separator: "\n").utf8))
  }

  /// A page's words and how they are set, hashed once per page (by its first frame).
  private mutating func pagePart(layer: Int, page: CaptionPagePlan) throws -> String {
    if let known = pageParts[layer]?[page.frames.first] { return known }
    let digest = ContentHash.of(
      try Self.json(page.text) + Data(fontFiles(of: page.text).utf8))
    pageParts[layer, default: [:]][page.frames.first] = digest
    return digest
  }

  /// A word page's words, boxes and how they are set, hashed once per page.
  private mutating func wordPagePart(layer: Int, page: WordPagePlan) throws -> String {
    if let known = pageParts[layer]?[page.frames.first] { return known }
    let digest = ContentHash.of(
      try Self.json(page) + Data(fontFiles(of: page.text).utf8))
    pageParts[layer, default: [:]][page.frames.first] = digest
    return digest
  }

  /// The layer's description without its name, place, timing, animated values and (for
  /// captions) its pages, which each frame's entry gives as they are on that frame; with the
  /// content hash of every file its picture comes from.
  private mutating func layerPart(_ index: Int) throws -> String {
    if let known = layerParts[index] { return known }
    var layer = plan.layers[index]
    var files: [String] = []
    var fontText = ""
    layer.name = ""
    layer.location = PlanLocation(line: 0, column: 0)
    layer.frames = FrameRange(first: 0, end: 0)
    layer.start = .zero
    layer.box = Animated(constant: FrameRect(x: 0, y: 0, width: 0, height: 0))
    layer.opacity = Animated(constant: 0)
    layer.rotation = Animated(constant: 0)
    // The blur, the corners and the adjustments are described on each frame as they are there.
    layer.effects.blur = nil
    layer.effects.cornerRadius = nil
    layer.effects.adjustments = [:]
    layer.fadeIn = .zero
    layer.fadeOut = .zero
    // Files are named by their content's hash alone: where they lie changes nothing drawn.
    switch layer.content {
    case .video(var clip):
      files = [clip.source] + (clip.matte.map { [$0] } ?? [])
      clip.source = ""
      clip.matte = clip.matte.map { _ in "" }
      layer.content = .video(clip)
    case .image(var image):
      files = [image.path]
      image.path = ""
      layer.content = .image(image)
    case .captions(var captions):
      // Each page is described on the frames it shows on, and the file's words are in them.
      captions.file = ""
      captions.cues = []
      captions.pages = []
      captions.words?.pages = []
      layer.content = .captions(captions)
    case .project(var project):
      // The child's frames are described frame by frame; which entry of the plan's list it
      // is does not matter, and its file's hash is in them.
      files = project.clip.matte.map { [$0] } ?? []
      project.composition = 0
      project.clip.source = ""
      project.clip.matte = project.clip.matte.map { _ in "" }
      layer.content = .project(project)
    case .fill:
      break
    case .text(let plan):
      files = []
      fontText = fontFiles(of: plan)
    }
    // A look's table, likewise, by its content alone.
    if let lut = layer.effects.lut {
      files.append(lut.path)
      layer.effects.lut?.path = ""
    }
    var text = String(decoding: try Self.json(layer), as: UTF8.self) + fontText
    for file in files { text += "\n" + (try hash(of: file)) }
    let digest = ContentHash.of(Data(text.utf8))
    layerParts[index] = digest
    return digest
  }

  private mutating func transitionPart(_ index: Int) throws -> String {
    if let known = transitionParts[index] { return known }
    var transition = transitions[index]
    transition.name = ""
    transition.location = PlanLocation(line: 0, column: 0)
    transition.start = .zero
    transition.frames = FrameRange(first: 0, end: 0)
    var file: String?
    if case .luma(var pattern, let softness) = transition.style {
      file = pattern.path
      pattern.path = ""
      transition.style = .luma(pattern: pattern, softness: softness)
    }
    var text = String(decoding: try Self.json(transition), as: UTF8.self)
    if let file { text += "\n" + (try hash(of: file)) }
    let digest = ContentHash.of(Data(text.utf8))
    transitionParts[index] = digest
    return digest
  }

  /// The content of the font files `text` is drawn from (fallbacks included), as lines: a
  /// font changed on this machine changes the texts it draws, not every segment.
  private func fontFiles(of text: TextPlan) -> String {
    let files = Typesetter.fontFiles(
      font: text.font, text: text.text, emphasis: text.emphasis)
    return files.sorted().map { "\nfont \(fonts[$0] ?? "unhashed")" }.joined()
  }

  private func hash(of file: String) throws -> String {
    guard let hash = hashes[Self.key(plan.resolvedPath(file))] else {
      throw RenderFailure("'\(file)' has no content hash to describe its frames with")
    }
    return hash
  }

  /// How `hashes` names a file: its absolute path with `.` and `..` taken out, so a child
  /// project's `../media/a.mp4` and its parent's `media/a.mp4` are one file.
  static func key(_ resolved: String) -> String {
    URL(fileURLWithPath: resolved).standardizedFileURL.path
  }

  private static func json(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }

  static func hex(_ digest: SHA256.Digest) -> String {
    digest.map { String(format: "%02x", $0) }.joined()
  }
}

extension SHA256 {
  fileprivate mutating func update(_ text: String) {
    update(data: Data(text.utf8))
  }
}

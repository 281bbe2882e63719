import Diagnostics
import PlanValues
import Timeline
import Yams

/// Reads `layers:` entries: the keys every layer has, and which kind of layer it is. Each
/// kind's own keys are read by its own reader (`readVideoLayer`, `readImageLayer`,
/// `readFillLayer`, `readTextLayer`).
extension ReadContext {
  /// The keys that say what a layer shows, in the order messages list them; exactly one per
  /// layer.
  static let layerKinds = ["source", "image", "fill", "text", "captions", "sequence", "project"]
  /// The keys every layer has, whatever it shows.
  static let commonLayerKeys =
    [
      "name", "when", "start", "duration", "opacity", "box", "rotation", "fit", "fade_in",
      "fade_out",
    ] + effectKeys
  /// The keys only some kinds have, by kind.
  static let kindLayerKeys: [String: [String]] = [
    "source": ["in", "out", "loop", "after_end", "key", "matte", "audio"],
    "image": ["key"],
    "fill": [],
    "text": textStyleKeys,
    "captions": textStyleKeys + ["words"],
    "sequence": [],
    "project": ["in", "out", "loop", "after_end", "key", "matte", "audio", "variables"],
  ]
  /// The common keys a sequence layer has: its place in time and in the stack. A whole
  /// sequence's box, opacity and fades come with nested compositions.
  static let sequenceLayerKeys = ["name", "when", "start"]
  /// The keys that say how text is set, in `text` and `captions` layers alike.
  static let textStyleKeys = [
    "font", "color", "align", "valign", "line_spacing", "background", "padding", "outline",
    "size_min", "max_lines", "overflow",
  ]
  /// Every key a layer may have, whatever its kind: unknown keys are suggested from these.
  static let layerKeys: [String] = layerKinds.reduce(commonLayerKeys + layerKinds) { keys, kind in
    keys + kindLayerKeys[kind, default: []].filter { !keys.contains($0) }
  }

  /// Reads one layer; `frame` is the output's size, which a layer without a box fills. A layer
  /// whose `when` is false is read (its mistakes are still reported) and then left out: nil,
  /// with no error, so nothing later opens its files.
  func readLayer(_ node: Node, index: Int, frame: Located<FrameSize>?) -> LayerSpec? {
    if case .shown(let layer) = readLayerEntry(node, index: index, frame: frame, item: nil) {
      return layer
    }
    return nil
  }

  /// Reads one layer of `layers:`, or (with `item`) one item of a sequence: a layer whose
  /// `start` the sequence places, so it has none, and whose name may be left out.
  func readLayerEntry(
    _ node: Node, index: Int, frame: Located<FrameSize>?, item: SequenceItemPlace?
  ) -> LayerEntry {
    let fallbackSubject = item.map { "\($0.sequence) item \($0.number)" }
    guard
      let map = MappingReader(
        node,
        subject: fallbackSubject.map { Self.itemSubject($0, node) }
          ?? Self.subject("layer", node, index: index),
        keys: Self.layerKeys, in: self)
    else { return .unreadable }
    let name: Located<String>
    if let item {
      name =
        map.value("name").flatMap { nonEmptyString($0, what: "name", example: "plate") }
        ?? Located("\(item.sequence) item \(item.number)", at: map.location)
    } else {
      name = readName(map, fallback: "layers[\(index)]")
    }
    // An unnamed item is `story item 3`; a named one, `item 'product' of sequence 'story'`.
    let subject =
      item.map {
        map.has("name") ? "item '\(name.value)' of sequence '\($0.sequence)'" : name.value
      }
      ?? "layer '\(name.value)'"
    let kinds = readKinds(map, subject: subject)
    checkKindKeys(map, kinds: kinds)
    if item != nil { checkItemKeys(map, kinds: kinds, subject: subject) }
    let here = map.location
    let box = map.value("box").flatMap { node in
      animated(
        node, what: "the box of \(subject)",
        read: { self.box($0, frame: frame, emptyAllowed: false) },
        keyframeValue: { self.box($0, frame: frame, emptyAllowed: true) })
    }
    let content: LayerContentSpec?
    switch kinds.first {
    case "source": content = readVideoLayer(map, subject: subject).map { .video($0) }
    case "project": content = readProjectLayer(map, subject: subject).map { .project($0) }
    case "image": content = readImageLayer(map, subject: subject).map { .image($0) }
    case "fill": content = readFillLayer(map).map { .fill($0) }
    case "sequence":
      content =
        item == nil
        ? map.value("sequence").flatMap {
          readSequence($0, name: name.value, frame: frame).map { .sequence($0) }
        } : nil
    case "text", "captions":
      // A box that was written but could not be read leaves the text's room unknown.
      let room =
        map.has("box") ? box.flatMap(TextRoom.init(box:)) : frame.map(TextRoom.init(frame:))
      content =
        kinds.first == "text"
        ? readTextLayer(map, subject: subject, room: room).map { .text($0) }
        : readCaptionsLayer(map, subject: subject, room: room).map { .captions($0) }
    default: content = nil
    }
    // The common keys are read whatever became of the content, so that all their problems
    // are reported too.
    let start =
      item == nil
      ? map.value("start").flatMap { followingTime($0, what: "start") }
        ?? Located(.zero, at: here)
      : Located(.zero, at: here)
    let duration = map.value("duration").flatMap {
      followingTime($0, what: "duration", positive: true)
    }
    let opacity =
      map.value("opacity").flatMap { node in
        animated(
          node, what: "the opacity of \(subject)", read: { number($0, what: "opacity", in: 0...1) })
      } ?? .constant(Located(1, at: here))
    let rotation =
      map.value("rotation").flatMap { node in
        animated(
          node, what: "the rotation of \(subject)",
          read: { number($0, what: "rotation in degrees", in: -36000...36000) })
      } ?? .constant(Located(0, at: here))
    let fit =
      map.value("fit").flatMap { choice($0, what: "fit", Fit.allCases) }
      ?? Located(.contain, at: here)
    let fadeIn =
      map.value("fade_in").flatMap { time($0, what: "fade_in") } ?? Located(.zero, at: here)
    let fadeOut =
      map.value("fade_out").flatMap { time($0, what: "fade_out") } ?? Located(.zero, at: here)
    let effects = readEffects(map, subject: subject)
    let shown = map.value("when").flatMap(condition)?.value ?? true
    if !shown { leftOutNames.append(name) }
    guard let content else { return .unreadable }
    if item != nil, duration == nil { checkItemLength(content, at: here, subject: subject) }
    guard shown else { return .leftOut }
    var layer = LayerSpec(
      location: here, name: name, start: start, duration: duration, opacity: opacity, box: box,
      rotation: rotation, fit: fit, fadeIn: fadeIn, fadeOut: fadeOut, content: content)
    layer.effects = effects
    return .shown(layer)
  }

  /// The kind keys written, in file order: the first decides the layer's kind, and each one
  /// after it is an error at itself. None at all is an error at the layer.
  private func readKinds(_ map: MappingReader, subject: String) -> [String] {
    let kinds = map.keys.filter(Self.layerKinds.contains)
    guard let first = kinds.first else {
      error(
        "missing-key",
        "\(subject) is missing what it shows: 'source', 'image', 'fill', 'text', 'captions', 'sequence' or 'project'",
        at: map.location,
        help: "a layer shows one of: source: VIDEO, image: PICTURE, fill: \"#RRGGBB\", "
          + "text: STRING, captions: SUBTITLES.srt, sequence: [ITEMS] or project: OTHER.yaml")
      return []
    }
    for other in kinds.dropFirst() {
      error(
        "conflicting-kinds", "\(subject) gives both '\(first)' and '\(other)'",
        at: map.keyLocation(other),
        notes: [.init("'\(first)' is given here", at: map.keyLocation(first))],
        help: "a layer shows one thing: split it into two layers, one drawn over the other")
    }
    return kinds
  }

  /// Reports each key that belongs to another kind of layer, at the key, naming the kinds it
  /// belongs to. A layer that gives two kinds (an error already) may use the keys of both.
  private func checkKindKeys(_ map: MappingReader, kinds: [String]) {
    guard let kind = kinds.first else { return }
    if kind == "sequence" {
      for key in map.keys where !(Self.sequenceLayerKeys + Self.layerKinds).contains(key) {
        error(
          "key-not-for-kind",
          "'\(key)' does not apply to a sequence layer: it takes only name, when, start and sequence",
          at: map.keyLocation(key),
          notes: [.init("'sequence' makes it a sequence layer", at: map.keyLocation(kind))],
          help: Self.commonLayerKeys.contains(key)
            ? "give '\(key)' to the items of the sequence; a whole sequence cannot be placed or faded yet"
            : nil)
      }
      return
    }
    let allowed =
      Self.commonLayerKeys + Self.layerKinds + kinds.flatMap { Self.kindLayerKeys[$0, default: []] }
    for key in map.keys where !allowed.contains(key) {
      let owners = Self.layerKinds.filter { Self.kindLayerKeys[$0, default: []].contains(key) }
      error(
        "key-not-for-kind",
        "'\(key)' applies to \(Self.listed(owners)) layers only; this is \(Self.article(kind)) \(kind) layer",
        at: map.keyLocation(key),
        notes: [
          .init("'\(kind)' makes it \(Self.article(kind)) \(kind) layer", at: map.keyLocation(kind))
        ])
    }
  }

  /// How messages name an entry before its name has been read: `layer 'plate'` when it has a
  /// plain name, else `layer 2`.
  static func subject(_ kind: String, _ node: Node, index: Int) -> String {
    namedSubject(kind, node) ?? "\(kind) \(index + 1)"
  }

  /// `layer 'plate'` for a `kind` entry with a plain name, else nil.
  static func namedSubject(_ kind: String, _ node: Node) -> String? {
    if case .mapping(let mapping) = node, let name = mapping["name"]?.scalar?.string,
      !name.isEmpty, !name.contains("{{")
    {
      return "\(kind) '\(name)'"
    }
    return nil
  }

  /// `layer 'logo'` for an item with a plain name, else `fallback` (`story item 2`).
  static func itemSubject(_ fallback: String, _ node: Node) -> String {
    namedSubject("layer", node) ?? fallback
  }

  func readName(_ map: MappingReader, fallback: String) -> Located<String> {
    map.required("name").flatMap { nonEmptyString($0, what: "name", example: "plate") }
      ?? Located(fallback, at: map.location)
  }

  /// `source`, `source and image`, `source, image and text`.
  private static func listed(_ words: [String]) -> String {
    guard let last = words.last, words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " and " + last
  }

  static func article(_ kind: String) -> String {
    kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
  }
}

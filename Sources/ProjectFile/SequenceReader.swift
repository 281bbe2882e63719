import Diagnostics
import PlanValues
import Timeline
import Yams

/// What reading one layer entry gave.
enum LayerEntry {
  /// A layer to show.
  case shown(LayerSpec)
  /// A layer whose `when` is false: read (its mistakes reported) and left out.
  case leftOut
  /// A layer too broken to use; its errors are reported.
  case unreadable
}

/// Where an item sits: in which sequence, and which item it is (from 1, counting items only).
struct SequenceItemPlace {
  var sequence: String
  var number: Int
}

/// Reads a layer's `sequence:` list: items (layers without `start`) and `transition:` entries
/// between them (README.md, "Sequences and transitions").
extension ReadContext {
  /// The keys of a transition entry, whatever its kind.
  static let transitionKeys =
    ["transition", "duration", "ease"] + TransitionDescriptor.parameters.map(\.key)

  /// The sequence of layer `name`. Its shape is checked as written: a transition first, last
  /// or next to another is an error at the transition. Then each item whose `when` is false
  /// is left out with the transition after it (the one before it, for the last item), so what
  /// remains is again items joined by at most one transition each.
  func readSequence(_ node: Node, name: String, frame: Located<FrameSize>?) -> SequenceSpec? {
    let here = location(of: node)
    guard case .sequence(let entries) = node else {
      error(
        "wrong-type",
        "the sequence of layer '\(name)' must be a list of items and transitions, found \(node.kindName)",
        at: here,
        help: "write each item and transition on a line of its own starting with '- '")
      return nil
    }
    guard !entries.isEmpty else {
      error(
        "empty-list", "the sequence of layer '\(name)' must have at least one item", at: here)
      return nil
    }
    guard entries.count <= ProjectLimits.layers * 2 else {
      error(
        "too-many-entries",
        "the sequence of layer '\(name)' has \(entries.count) entries; at most \(ProjectLimits.layers * 2) are allowed",
        at: location(of: entries[ProjectLimits.layers * 2]))
      return nil
    }
    enum Read {
      case item(LayerEntry)
      case transition(TransitionSpec?, SourceLocation)
    }
    var read: [Read] = []
    var items = 0
    var transitions = 0
    for entry in entries {
      if case .mapping(let mapping) = entry, mapping["transition"] != nil {
        transitions += 1
        read.append(
          .transition(
            readTransition(entry, subject: "\(name) transition \(transitions)"),
            location(of: entry)))
      } else {
        items += 1
        read.append(
          .item(
            readLayerEntry(
              entry, index: items - 1, frame: frame,
              item: SequenceItemPlace(sequence: name, number: items))))
      }
    }
    checkShape(read.map { if case .transition(_, let at) = $0 { at } else { nil } }, name: name)
    // Items and what joins each to the next, the left-out ones taking a transition with them.
    var kept: [LayerSpec] = []
    var joins: [TransitionSpec?] = []
    var pending: TransitionSpec?
    var droppedLast = false
    var broken = false
    for entry in read {
      switch entry {
      case .transition(let transition, _):
        // After a left-out item, the transition that follows it goes with it.
        if droppedLast {
          droppedLast = false
        } else {
          pending = transition
          if transition == nil { broken = true }
        }
      case .item(.shown(let layer)):
        if !kept.isEmpty { joins.append(pending) }
        pending = nil
        kept.append(layer)
        droppedLast = false
      case .item(.leftOut):
        // The transition before it stays pending for the next item kept.
        droppedLast = true
      case .item(.unreadable):
        broken = true
        droppedLast = false
      }
    }
    guard !broken else { return nil }
    return SequenceSpec(location: here, items: kept, transitions: joins)
  }

  /// A transition first, last or next to another: an error at the transition.
  private func checkShape(_ transitions: [SourceLocation?], name: String) {
    for (index, at) in transitions.enumerated() {
      guard let at else { continue }
      if index == 0 {
        error(
          "misplaced-transition",
          "the sequence of layer '\(name)' starts with a transition; a transition goes between two items",
          at: at, help: "move it between the two items it should join, or remove it")
      } else if index == transitions.count - 1 {
        error(
          "misplaced-transition",
          "the sequence of layer '\(name)' ends with a transition; a transition goes between two items",
          at: at, help: "move it between the two items it should join, or remove it")
      } else if let before = transitions[index - 1] {
        error(
          "misplaced-transition",
          "two transitions follow each other in the sequence of layer '\(name)'; one goes between two items",
          at: at, notes: [.init("the transition before it", at: before)],
          help: "remove one of them, or put an item between them")
      }
    }
  }

  /// One `transition:` entry; nil when it is unreadable (its errors reported).
  private func readTransition(_ node: Node, subject: String) -> TransitionSpec? {
    guard let map = MappingReader(node, subject: subject, keys: Self.transitionKeys, in: self)
    else { return nil }
    let here = map.location
    let kind = map.value("transition").flatMap {
      choice($0, what: "transition", TransitionKind.allCases, hints: Self.transitionHints)
    }
    let duration = map.required(
      "duration", help: "a transition overlaps its two items for a time: duration: 500ms"
    ).flatMap { positiveTime($0, what: "duration of \(subject)") }
    let ease = map.value("ease").map(easing) ?? Located(.linear, at: here)
    let direction =
      map.value("direction").flatMap {
        choice($0, what: "direction", TransitionDirection.allCases)
      } ?? Located(Self.direction, at: here)
    let softness =
      map.value("softness").flatMap { number($0, what: "softness", in: Self.softness.range) }
      ?? Located(Self.softness.value, at: here)
    let color =
      map.value("color").flatMap { self.color($0, what: "the colour of \(subject)") }
      ?? Located(Self.dipColor, at: here)
    let pattern = map.value("pattern").flatMap { path($0, what: "pattern") }
    guard let kind else { return nil }
    for key in map.keys
    where !["transition", "duration", "ease"].contains(key) && !kind.value.ownKeys.contains(key) {
      let owners = TransitionKind.allCases.filter { $0.ownKeys.contains(key) }.map(\.rawValue)
      error(
        "key-not-for-kind",
        "'\(key)' applies to \(owners.joined(separator: ", ")) transitions only; this is a \(kind.value.rawValue)",
        at: map.keyLocation(key),
        notes: [.init("the transition's kind is given here", at: kind.location)])
    }
    if kind.value == .luma && pattern == nil && !map.has("pattern") {
      error(
        "missing-key", "\(subject) is a luma transition without a 'pattern'",
        at: kind.location,
        help: "give it a greyscale picture: pattern: media/clock.png (black pixels change first)")
      return nil
    }
    guard let duration, let ease else { return nil }
    if kind.value == .luma && pattern == nil { return nil }
    return TransitionSpec(
      location: here, subject: subject, kind: kind, duration: duration, ease: ease,
      direction: direction, softness: softness, color: color, pattern: pattern)
  }

  /// The descriptors' defaults and the softness's range, each checked once: a descriptor
  /// without them is a mistake in chromake.
  static let softness: (range: ClosedRange<Double>, value: Double) = {
    let parameter = TransitionDescriptor.softness
    guard let range = parameter.range, case .number(let value) = parameter.defaultValue else {
      preconditionFailure("softness has a range and a default")
    }
    return (range, value)
  }()
  static let dipColor: RGBColor = {
    guard case .text(let text) = TransitionDescriptor.color.defaultValue,
      let color = RGBColor(hex: text)
    else { preconditionFailure("a dip's colour has a default") }
    return color
  }()
  static let direction: TransitionDirection = {
    guard case .text(let text) = TransitionDescriptor.direction.defaultValue,
      let direction = TransitionDirection(rawValue: text)
    else { preconditionFailure("a transition's direction has a default") }
    return direction
  }()

  /// Help for names other editors give these transitions.
  static let transitionHints = [
    "fade": "a fade from one item to the next is 'crossfade'; through black, 'dip'",
    "dissolve": "a dissolve is 'crossfade'",
    "fadeblack": "through black is 'dip' (with color for another colour)",
    "wipeleft": "write transition: wipe with direction: left",
    "slideleft": "write transition: slide with direction: left",
  ]

  /// An item without a `duration` needs a length of its own: a video has one, unless it
  /// loops.
  func checkItemLength(_ content: LayerContentSpec, at location: SourceLocation, subject: String) {
    switch content {
    case .video(let video) where video.clip.loop.value:
      error(
        "item-needs-duration", "\(subject) loops, so it needs a 'duration'", at: location,
        notes: [.init("it loops here", at: video.clip.loop.location)],
        help: "give it one, such as duration: 4s, so the next item knows when to start")
    case .project(let project) where project.video.clip.loop.value:
      error(
        "item-needs-duration", "\(subject) loops, so it needs a 'duration'", at: location,
        notes: [.init("it loops here", at: project.video.clip.loop.location)],
        help: "give it one, such as duration: 4s, so the next item knows when to start")
    case .video, .sequence, .project:
      break
    case .image, .fill, .text, .captions:
      error(
        "item-needs-duration",
        "\(subject) needs a 'duration': \(ReadContext.article(content.kind)) \(content.kind) item has no length of its own",
        at: location,
        help: "give it one, such as duration: 3s, so the next item knows when to start")
    }
  }

  /// An item's own rules: it has no `start` (the sequence places it) and cannot itself be a
  /// sequence.
  func checkItemKeys(_ map: MappingReader, kinds: [String], subject: String) {
    if map.has("start") {
      error(
        "item-start",
        "\(subject) cannot have a 'start': it begins where the item before it ends, less any transition between them",
        at: map.keyLocation("start"),
        help: "remove 'start'; to leave a gap, put a transparent fill item of that duration "
          + "between them, or start the whole sequence later")
    }
    if kinds.first == "sequence" {
      error(
        "nested-sequence",
        "\(subject) is itself a sequence",
        at: map.keyLocation("sequence"),
        help: "list its items in the outer sequence instead")
    }
  }
}

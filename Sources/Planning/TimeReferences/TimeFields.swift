import Diagnostics
import ProjectFile
import Timeline

/// The project's timed things by name, their time fields, and which fields each named time
/// needs: the graph `TimeReferenceResolver` walks.
struct TimeFields {
  let spec: ProjectSpec
  /// Every layer, sequence, item and track by its name (names are unique, `ProjectRules`).
  private(set) var things: [String: TimedThing] = [:]
  /// The fields written as references, in file order.
  private(set) var referenced: [TimeField] = []
  /// How messages name each leaf, by its location.
  private var leaves: [SourceLocation: String] = [:]

  init(_ spec: ProjectSpec) {
    self.spec = spec
    var fields: [(TimeField, SourceLocation)] = []
    for (index, layer) in spec.layers.enumerated() {
      things[layer.name.value] = things[layer.name.value] ?? .layer(index)
      fields.append((.start(.layer(index)), layer.start.location))
      if let duration = layer.duration {
        fields.append((.duration(.layer(index)), duration.location))
      }
      guard case .sequence(let sequence) = layer.content else {
        note(keyframesOf: layer, into: &fields)
        continue
      }
      for (number, item) in sequence.items.enumerated() {
        let thing = TimedThing.item(layer: index, item: number)
        things[item.name.value] = things[item.name.value] ?? thing
        if let duration = item.duration { fields.append((.duration(thing), duration.location)) }
        note(keyframesOf: item, into: &fields)
      }
    }
    for (index, track) in spec.audioTracks.enumerated() {
      things[track.name.value] = things[track.name.value] ?? .track(index)
      fields.append((.start(.track(index)), track.start.location))
      if let duration = track.duration {
        fields.append((.duration(.track(index)), duration.location))
      }
    }
    let output = spec.output.duration
    leaves[output.location] = "output.duration"
    fields.append((.leaf(output.location), output.location))
    if let poster = spec.output.poster?.at {
      leaves[poster.location] = "output.poster.at"
      fields.append((.leaf(poster.location), poster.location))
    }
    referenced = fields.filter { spec.timeReferences[$0.1] != nil }.sorted { $0.1 < $1.1 }
      .map(\.0)
  }

  private mutating func note(
    keyframesOf layer: LayerSpec, into fields: inout [(TimeField, SourceLocation)]
  ) {
    for at in Self.keyframeTimes(of: layer) where spec.timeReferences[at.location] != nil {
      leaves[at.location] = "\(subject(of: layer)) keyframe at"
      fields.append((.leaf(at.location), at.location))
    }
  }

  /// Every keyframe time of a layer's animated values.
  static func keyframeTimes(of layer: LayerSpec) -> [Located<TimeValue>] {
    var times = layer.opacity.keyframes.map(\.at) + layer.rotation.keyframes.map(\.at)
    times += layer.box?.keyframes.map(\.at) ?? []
    times += layer.effects.blur?.keyframes.map(\.at) ?? []
    times += layer.effects.cornerRadius?.keyframes.map(\.at) ?? []
    for key in layer.effects.adjustments.keys.sorted() {
      times += layer.effects.adjustments[key]?.keyframes.map(\.at) ?? []
    }
    return times
  }

  /// All the names a time may follow, for a "did you mean".
  var names: [String] { things.keys.sorted() }

  /// The time written in a start or duration field, or the leaf's location.
  func time(of field: TimeField) -> Located<TimeValue>? {
    switch field {
    case .start(.layer(let index)): spec.layers[index].start
    case .start(.track(let index)): spec.audioTracks[index].start
    case .start(.item): nil
    case .duration(let thing): layer(thing)?.duration ?? track(thing)?.duration
    case .leaf: nil
    }
  }

  /// The location of a field as written.
  func location(of field: TimeField) -> SourceLocation? {
    if case .leaf(let location) = field { return location }
    return time(of: field)?.location
  }

  /// The reference written in `field`, if it is one.
  func reference(of field: TimeField) -> TimeReferenceSpec? {
    location(of: field).flatMap { spec.timeReferences[$0] }
  }

  /// The layer or item `thing` is, if it is one.
  func layer(_ thing: TimedThing) -> LayerSpec? {
    switch thing {
    case .layer(let index): spec.layers[index]
    case .item(let layer, let item):
      if case .sequence(let sequence) = spec.layers[layer].content {
        sequence.items[item]
      } else {
        nil
      }
    case .track: nil
    }
  }

  /// The audio track `thing` is, if it is one.
  func track(_ thing: TimedThing) -> AudioTrackSpec? {
    if case .track(let index) = thing { spec.audioTracks[index] } else { nil }
  }

  /// The sequence a sequence layer shows.
  func sequence(_ layer: Int) -> SequenceSpec? {
    if case .sequence(let sequence) = spec.layers[layer].content { sequence } else { nil }
  }

  /// `layer 'card'`, `audio track 'voice'`, `item 'intro' of sequence 'story'`.
  func subject(_ thing: TimedThing) -> String {
    if let track = track(thing) { return "audio track '\(track.name.value)'" }
    guard let layer = layer(thing) else { return "?" }
    if case .item(let index, _) = thing {
      return "item '\(layer.name.value)' of sequence '\(spec.layers[index].name.value)'"
    }
    return subject(of: layer)
  }

  private func subject(of layer: LayerSpec) -> String { "layer '\(layer.name.value)'" }

  /// How messages name a field: `layer 'card' start`.
  func describe(_ field: TimeField) -> String {
    switch field {
    case .start(let thing): "\(subject(thing)) start"
    case .duration(let thing): "\(subject(thing)) duration"
    case .leaf(let location): leaves[location] ?? "a time"
    }
  }

  /// How a cycle's chain names a field: by the time it decides, `card.start` or `card.length`.
  func chainName(_ field: TimeField) -> String {
    switch field {
    case .start(let thing): "\(name(thing)).start"
    case .duration(let thing): "\(name(thing)).length"
    case .leaf: describe(field)
    }
  }

  /// The thing's name.
  func name(_ thing: TimedThing) -> String {
    layer(thing)?.name.value ?? track(thing)?.name.value ?? "?"
  }

  /// Whether a resolved value must be more than zero (a duration) rather than zero or more.
  func mustBePositive(_ field: TimeField) -> Bool {
    switch field {
    case .start: false
    case .duration: true
    case .leaf(let location): location == spec.output.duration.location
    }
  }

  /// The fields that decide `part` of `thing`: its start field (a sequence item's, its
  /// sequence's and the durations of the items before it), its duration field (a sequence's,
  /// its items'), or both for its end. Only fields that are written appear.
  func needs(_ thing: TimedThing, _ part: TimeExpression.Part) -> [TimeField] {
    var needs: [TimeField] = []
    if part != .length { needs += startNeeds(thing) }
    if part != .start { needs += lengthNeeds(thing) }
    return needs.filter { location(of: $0) != nil }
  }

  private func startNeeds(_ thing: TimedThing) -> [TimeField] {
    guard case .item(let layer, let item) = thing else { return [.start(thing)] }
    return [.start(.layer(layer))] + (0..<item).map { .duration(.item(layer: layer, item: $0)) }
  }

  private func lengthNeeds(_ thing: TimedThing) -> [TimeField] {
    guard case .layer(let index) = thing, let sequence = sequence(index) else {
      return [.duration(thing)]
    }
    return sequence.items.indices.map { .duration(.item(layer: index, item: $0)) }
  }
}

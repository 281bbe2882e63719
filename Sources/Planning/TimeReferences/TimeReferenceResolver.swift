import Diagnostics
import ProjectFile
import RenderPlan
import Timeline

/// Resolves the times written as references to other things (`voice.end + 300ms`), exactly
/// and in dependency order, before anything else is planned (docs/ARCHITECTURE.md, "Voice and
/// words"). A thing's start, length and end are found by the planner's own functions
/// (`layerTiming`, `trackTiming`, `itemLength`, `itemStarts`), so a reference to a time is the
/// time the plan then gives that thing.
///
/// Each field is resolved once and remembered, and the walk keeps its own stack, so a chain of
/// a thousand references costs a thousand steps and no deep recursion.
struct TimeReferenceResolver {
  let builder: PlanBuilder
  let fields: TimeFields
  /// Each field written as a reference, once resolved.
  private(set) var values: [TimeField: Rational] = [:]
  /// Fields that cannot be resolved; the problem has been reported (once, where it lies).
  private var failed: Set<TimeField> = []
  private(set) var diagnostics: [Diagnostic] = []

  init(builder: PlanBuilder) {
    self.builder = builder
    self.fields = TimeFields(builder.spec)
  }

  private var fps: Rational { builder.fps }

  /// The longest name a "did you mean" is looked for (the search grows with the name's length
  /// times each candidate's, and a name longer than this is no typo of a short one).
  static let longestSuggested = 100

  /// Resolves every field written as a reference.
  mutating func resolveAll() {
    for field in fields.referenced { resolve(field) }
  }

  /// Whether `field` needs no more work: a plain time, or a reference resolved or failed.
  private func settled(_ field: TimeField) -> Bool {
    fields.reference(of: field) == nil || values[field] != nil || failed.contains(field)
  }

  /// A field on the walk's stack: its reference, the thing it names, the fields that decide
  /// that thing's time, and how many of them have been visited.
  private struct Step {
    var field: TimeField
    var reference: TimeReferenceSpec
    var thing: TimedThing
    var needs: [TimeField]
    var next = 0
  }

  private mutating func resolve(_ root: TimeField) {
    guard !settled(root), let first = step(for: root) else { return }
    var path = [first]
    var onPath: [TimeField: Int] = [root: 0]
    while let last = path.indices.last {
      if failed.contains(path[last].field) {
        onPath[path.removeLast().field] = nil
        continue
      }
      if path[last].next < path[last].needs.count {
        let need = path[last].needs[path[last].next]
        path[last].next += 1
        if settled(need) { continue }
        if let at = onPath[need] {
          reportCycle(Array(path[at...]))
          for step in path[at...] { failed.insert(step.field) }
          continue
        }
        guard let step = step(for: need) else { continue }
        onPath[need] = path.count
        path.append(step)
        continue
      }
      let done = path.removeLast()
      onPath[done.field] = nil
      if done.needs.contains(where: failed.contains) {
        failed.insert(done.field)
      } else {
        finish(done)
      }
    }
  }

  /// The step for a field written as a reference; nil (and the field failed) when it names
  /// nothing of this project.
  private mutating func step(for field: TimeField) -> Step? {
    guard let reference = fields.reference(of: field) else { return nil }
    let name = reference.expression.name
    if fields.things[name] == nil,
      let leftOut = fields.spec.leftOutNames.first(where: { $0.value == name })
    {
      fail(
        field,
        .error(
          "time-reference-left-out",
          "\(fields.describe(field)): '\(name)' is left out by its when, so it has no times to follow",
          at: reference.nameLocation,
          notes: reference.substitutionNotes + [.init("'\(name)' is here", at: leftOut.location)],
          help: "leave this out with it (when:), or follow something that is always shown"))
      return nil
    }
    guard let thing = fields.things[name] else {
      fail(
        field,
        .error(
          "unknown-time-reference",
          "\(fields.describe(field)): no layer, audio track or sequence item is named '\(name)'",
          at: reference.nameLocation, notes: reference.substitutionNotes,
          help: (name.unicodeScalars.count <= Self.longestSuggested
            ? Suggestions.help(for: name, among: fields.names) : nil)
            ?? "a time can follow a layer, an audio track or a sequence item of this file"))
      return nil
    }
    return Step(
      field: field, reference: reference, thing: thing,
      needs: fields.needs(thing, reference.expression.part))
  }

  private mutating func fail(_ field: TimeField, _ diagnostic: Diagnostic) {
    failed.insert(field)
    diagnostics.append(diagnostic)
  }

  /// `'a.start' needs 'b.end' needs 'a.start'`, reported at the field that closes the chain.
  private mutating func reportCycle(_ steps: [Step]) {
    guard let closing = steps.last else { return }
    let chain = [fields.chainName(steps[0].field)] + steps.map(\.reference.expression.reference)
    diagnostics.append(
      .error(
        "time-reference-cycle",
        "\(fields.describe(closing.field)) cannot be resolved: "
          + chain.map { "'\($0)'" }.joined(separator: " needs "),
        at: closing.reference.location,
        notes: steps.dropLast().map {
          .init("\(fields.describe($0.field)) is written here", at: $0.reference.location)
        },
        help: "follow a time that does not, in the end, follow this one"))
  }

  /// Resolves a field whose needs are all resolved, or reports why it cannot be.
  private mutating func finish(_ step: Step) {
    let expression = step.reference.expression
    guard let named = namedTime(step) else { return }
    guard let value = expression.seconds(from: named, fps: fps) else {
      fail(step.field, outOfRange(step, "is too large to compute exactly"))
      return
    }
    let shown = "\(TimeFormat.seconds(value)) s"
    if fields.mustBePositive(step.field), value <= .zero {
      fail(
        step.field, outOfRange(step, "resolves to \(shown); a duration must be greater than zero"))
    } else if value.isNegative {
      fail(step.field, outOfRange(step, "resolves to \(shown); a time cannot be negative"))
    } else if value > Rational(TimeParser.maxSeconds) {
      fail(
        step.field,
        outOfRange(
          step, "resolves to \(shown); a time must be under \(TimeParser.maxSeconds) seconds"))
    } else {
      values[step.field] = value
    }
  }

  private func outOfRange(_ step: Step, _ problem: String) -> Diagnostic {
    .error(
      "time-reference-out-of-range",
      "\(fields.describe(step.field)): '\(step.reference.text)' \(problem)",
      at: step.reference.location, notes: step.reference.substitutionNotes)
  }

  /// The named time (`voice.end`) of a step whose needs are resolved; nil when the thing has
  /// no such time (its problem reported).
  private mutating func namedTime(_ step: Step) -> Rational? {
    let part = step.reference.expression.part
    let start = part == .length ? Rational.zero : start(of: step.thing)
    let length = part == .start ? Rational.zero : length(of: step.thing)
    guard let start, let length else {
      let name = step.reference.expression.name
      fail(
        step.field,
        .error(
          "time-reference-no-end",
          "\(fields.describe(step.field)): '\(name)' has no \(part.rawValue) to follow: it has "
            + "no duration, and what it shows has no length of its own",
          at: step.reference.nameLocation, notes: step.reference.substitutionNotes,
          help: "give '\(name)' a duration, or follow its start"))
      return nil
    }
    return start + length
  }

  /// A field's value: the time written, or what its reference resolved to.
  private func value(of field: TimeField) -> Rational {
    values[field] ?? fields.time(of: field)?.value.seconds(fps: fps) ?? .zero
  }

  /// The duration written in a field, resolved, as the planner reads it.
  private func resolvedDuration(_ thing: TimedThing) -> Located<TimeValue>? {
    fields.time(of: .duration(thing)).map {
      Located(.seconds(value(of: .duration(thing))), at: $0.location)
    }
  }

  /// Where the thing starts; nil for an item after one whose length is unknown.
  private func start(of thing: TimedThing) -> Rational? {
    guard case .item(let layer, let item) = thing else { return value(of: .start(thing)) }
    var lengths: [Rational] = []
    for before in 0..<item {
      guard let length = length(of: .item(layer: layer, item: before)) else { return nil }
      lengths.append(length)
    }
    return PlanBuilder.itemStarts(
      first: value(of: .start(.layer(layer))), lengths: lengths, overlaps: overlaps(layer))[item]
  }

  private func overlaps(_ layer: Int) -> [Rational] {
    (fields.sequence(layer)?.transitions ?? []).map {
      $0?.duration.value.seconds(fps: fps) ?? .zero
    }
  }

  /// The thing's length as the plan gives it: a duration, a clip's trimmed length, a child
  /// project's, a sequence's items placed; nil when it has none (it plays until the output
  /// ends).
  private func length(of thing: TimedThing) -> Rational? {
    if var track = fields.track(thing) {
      track.start = Located(.zero, at: track.start.location)
      track.duration = resolvedDuration(thing)
      return builder.trackTiming(track)?.end
    }
    guard var layer = fields.layer(thing) else { return nil }
    layer.duration = resolvedDuration(thing)
    switch thing {
    case .item:
      return builder.itemLength(layer)
    case .layer(let index):
      if let sequence = fields.sequence(index) {
        var lengths: [Rational] = []
        for item in sequence.items.indices {
          guard let length = length(of: .item(layer: index, item: item)) else { return nil }
          lengths.append(length)
        }
        return PlanBuilder.itemStarts(first: .zero, lengths: lengths, overlaps: overlaps(index))
          .last
      }
      layer.start = Located(.zero, at: layer.start.location)
      return builder.layerTiming(layer)?.end
    case .track:
      return nil
    }
  }
}

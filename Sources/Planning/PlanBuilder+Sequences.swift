import Diagnostics
import PlanValues
import ProjectFile
import RenderPlan
import Timeline

/// One entry of the stack, timed: a layer's clip timing, or a sequence's layout.
enum StackEntryTiming {
  case layer(ClipTiming)
  case sequence(SequenceLayout)

  /// Where the entry ends on the output; `nil` when it has no end of its own.
  var end: Rational? {
    switch self {
    case .layer(let timing): timing.end
    case .sequence(let layout): layout.end
    }
  }
}

/// A sequence's items placed one after another: each item's timing, and when each
/// transition starts and how long it lasts (`nil` for a cut).
struct SequenceLayout {
  var items: [ClipTiming]
  var transitions: [(start: Rational, duration: Rational)?]
  var start: Rational
  var end: Rational
}

/// Sequences: the composition whose items' clocks are placed one after another
/// (docs/ARCHITECTURE.md, "Structure in time"). Each item is planned as an ordinary layer
/// whose clock starts where the sequence places it, so keyframes, fades, captions and
/// sources read the item's own time through the one function every layer uses.
extension PlanBuilder {
  /// Places `sequence`'s items: item `i` starts at `start_{i−1} + duration_{i−1} −
  /// transition_{i−1,i}`, exactly. A transition longer than an item it joins, or two that
  /// together outlast the item between them, is an error at the transition; `nil` then, or
  /// when an item's length is unknown (its problem reported elsewhere).
  mutating func sequenceLayout(_ layer: LayerSpec, _ sequence: SequenceSpec) -> SequenceLayout? {
    guard !sequence.items.isEmpty else { return nil }
    var lengths: [Rational] = []
    for item in sequence.items {
      guard let length = itemLength(item) else { return nil }
      lengths.append(length)
    }
    let overlaps = sequence.transitions.map { $0?.duration.value.seconds(fps: fps) ?? .zero }
    var fits = true
    for (index, transition) in sequence.transitions.enumerated() {
      guard let transition else { continue }
      for neighbour in [index, index + 1] where overlaps[index] > lengths[neighbour] {
        let item = sequence.items[neighbour]
        diagnostics.append(
          .error(
            "transition-too-long",
            "\(transition.subject) lasts \(TimeFormat.seconds(overlaps[index])) s, longer than the item it joins, '\(item.name.value)' (\(TimeFormat.seconds(lengths[neighbour])) s)",
            at: transition.duration.location,
            notes: [.init("'\(item.name.value)' is here", at: item.location)],
            help: "shorten the transition, or lengthen the item; a transition overlaps the "
              + "end of one item with the start of the next"))
        fits = false
      }
      guard index > 0, let before = sequence.transitions[index - 1] else { continue }
      let between = sequence.items[index]
      if overlaps[index - 1] + overlaps[index] > lengths[index] {
        diagnostics.append(
          .error(
            "transitions-overlap",
            "the transitions on both sides of '\(between.name.value)' last \(TimeFormat.seconds(overlaps[index - 1] + overlaps[index])) s together, longer than it (\(TimeFormat.seconds(lengths[index])) s): they would overlap",
            at: transition.duration.location,
            notes: [
              .init("the transition before it", at: before.duration.location),
              .init("'\(between.name.value)' is here", at: between.location),
            ],
            help: "shorten one of the transitions, or lengthen the item"))
        fits = false
      }
    }
    guard fits else { return nil }
    let first = layer.start.value.seconds(fps: fps)
    let starts = Self.itemStarts(first: first, lengths: lengths, overlaps: overlaps)
    var items: [ClipTiming] = []
    var transitions: [(start: Rational, duration: Rational)?] = []
    for (index, item) in sequence.items.enumerated() {
      if index > 0 {
        transitions.append(
          sequence.transitions[index - 1] == nil ? nil : (starts[index], overlaps[index - 1]))
      }
      items.append(itemTiming(item, start: starts[index], length: lengths[index]))
    }
    return SequenceLayout(
      items: items, transitions: transitions, start: first, end: starts[lengths.count])
  }

  /// Where each item starts, the first at `first`: item `i` at `start_{i−1} + length_{i−1} −
  /// overlap_{i−1}`, exactly. One more start than `lengths`: where an item after them would
  /// start, which is the sequence's end when `lengths` are all its items' (no transition
  /// follows the last). `lengths` may stop short of the items; `overlaps[i]` joins item `i`
  /// to item `i + 1`.
  static func itemStarts(first: Rational, lengths: [Rational], overlaps: [Rational])
    -> [Rational]
  {
    var starts = [first]
    for (index, length) in lengths.enumerated() {
      let overlap = index < overlaps.count ? overlaps[index] : .zero
      starts.append(starts[index] + length - overlap)
    }
    return starts
  }

  /// How long an item lasts in its sequence: its `duration`, or a video's remaining length
  /// from `in` to `out` (or the source's end). `nil` when that is unknown: the media checks
  /// have said so (a source of unknown length without `out`, a trim outside the source).
  func itemLength(_ item: LayerSpec) -> Rational? {
    if let duration = item.duration { return duration.value.seconds(fps: fps) }
    guard let video = item.content.playedVideo, !video.clip.loop.value,
      let sourceOut = sourceLength(item)
    else { return nil }
    let sourceIn = video.clip.inPoint.value.seconds(fps: fps)
    return sourceOut > sourceIn ? sourceOut - sourceIn : nil
  }

  /// Where a video item's source stops: `out`, or the source's end, whichever is first.
  private func sourceLength(_ item: LayerSpec) -> Rational? {
    guard let video = item.content.playedVideo else { return nil }
    let length = playedFacts(item)?.videoDuration
    let out = video.clip.outPoint?.value.seconds(fps: fps)
    switch (length, out) {
    case (let length?, let out?): return min(length, out)
    case (let length?, nil): return length
    case (nil, let out?): return out
    case (nil, nil): return nil
    }
  }

  private func itemTiming(_ item: LayerSpec, start: Rational, length: Rational) -> ClipTiming {
    if let video = item.content.playedVideo {
      // The source's length, or where the item's own length says it stops being read.
      let sourceLength =
        sourceLength(item) ?? video.clip.inPoint.value.seconds(fps: fps) + length
      return timing(
        start: start, duration: item.duration?.value, clip: video.clip, length: sourceLength)
    }
    return ClipTiming(
      start: start, sourceIn: .zero, sourceOut: .zero, loop: false, end: start + length)
  }

  /// Plans `sequence`'s items as layers (appended to `layers`) and their sound (to `audio`),
  /// and returns what ties them together.
  mutating func planSequence(
    _ layer: LayerSpec, _ sequence: SequenceSpec, _ layout: SequenceLayout, frameCount: Int64,
    sampleCount: Int64, layers: inout [LayerPlan], audio: inout [AudioStreamPlan]
  ) -> SequencePlan {
    let rate = Int64(spec.output.audio.sampleRate.value)
    let fps = self.fps
    let frames = { (time: Rational) in
      min(frameCount, TimeGrid.firstFrame(atOrAfter: time, fps: fps))
    }
    let indices = layers.count..<layers.count + sequence.items.count
    for (item, timing) in zip(sequence.items, layout.items) {
      layers.append(layerPlan(item, timing, frameCount: frameCount))
    }
    var transitions: [TransitionPlan] = []
    var ramps: [EqualPowerRamp?] = []
    for (index, join) in layout.transitions.enumerated() {
      guard let join, let transition = sequence.transitions[index] else {
        ramps.append(nil)
        continue
      }
      let end = join.start + join.duration
      transitions.append(
        TransitionPlan(
          name: transition.subject, location: PlanLocation(transition.location),
          outgoing: indices.lowerBound + index, incoming: indices.lowerBound + index + 1,
          start: join.start, duration: join.duration,
          frames: FrameRange(first: frames(join.start), end: max(frames(join.start), frames(end))),
          ease: transition.ease.value, style: style(of: transition)))
      ramps.append(
        EqualPowerRamp(
          firstSample: TimeGrid.sample(at: join.start, rate: rate),
          endSample: TimeGrid.sample(at: end, rate: rate)))
    }
    for (index, item) in sequence.items.enumerated() {
      guard let video = item.content.playedVideo, !video.audio.mute.value else { continue }
      let composition = composition(of: item)
      var streams = audioPlans(
        owner: item.name.value, kind: "layer", location: item.location,
        source: video.clip.source, media: playedFacts(item), composition: composition,
        mix: video.audio, timing: layout.items[index], sampleCount: sampleCount)
      for stream in streams.indices {
        streams[stream].crossIn = index > 0 ? ramps[index - 1] : nil
        streams[stream].crossOut = index < ramps.count ? ramps[index] : nil
      }
      audio += streams
    }
    let shown = FrameRange(
      first: frames(layout.start), end: max(frames(layout.start), frames(layout.end)))
    if shown.count == 0 {
      diagnostics.append(
        .warning(
          "never-shown",
          "layer '\(layer.name.value)' is never shown: its sequence starts at \(TimeFormat.seconds(layout.start)) s, after the output ends at \(TimeFormat.seconds(Rational(frameCount) / fps)) s",
          at: layer.start.location))
    }
    return SequencePlan(
      name: layer.name.value, location: PlanLocation(layer.location), start: layout.start,
      end: layout.end, frames: shown, items: Array(indices), transitions: transitions)
  }

  private func style(of transition: TransitionSpec) -> TransitionStyle {
    switch transition.kind.value {
    case .crossfade: .crossfade
    case .dip: .dip(color: transition.color.value)
    case .wipe: .wipe(direction: transition.direction.value, softness: transition.softness.value)
    case .slide: .slide(direction: transition.direction.value)
    case .push: .push(direction: transition.direction.value)
    case .luma:
      .luma(pattern: lumaPattern(of: transition), softness: transition.softness.value)
    }
  }

  private func lumaPattern(of transition: TransitionSpec) -> ImagePlan {
    guard let pattern = transition.pattern else {
      preconditionFailure("the reader gives a luma transition its pattern, or leaves it out")
    }
    return ImagePlan(path: display(pattern), display: pictureDisplay(pattern))
  }
}

import Diagnostics
import Timeline

/// Checks each `duck:` against the whole project: every name in `under` is a layer or track of
/// it (or one its `when` leaves out), never the ducked sound itself and never a layer without
/// sound; the ramps last at most 10 s.
struct DuckRules {
  let context: ReadContext
  let spec: ProjectSpec

  /// The longest ramp: longer is almost surely a unit mistake (`150` for `150ms`).
  static let longestRamp = Rational(10)

  func check() {
    for layer in spec.drawnLayers {
      guard let duck = layer.content.playedVideo?.audio.duck else { continue }
      check(duck, owner: layer.name.value, subject: "layer '\(layer.name.value)'")
    }
    for track in spec.audioTracks {
      guard let duck = track.mix.duck else { continue }
      check(duck, owner: track.name.value, subject: "audio track '\(track.name.value)'")
    }
  }

  private func check(_ duck: DuckSpec, owner: String, subject: String) {
    let layers = Dictionary(
      spec.drawnLayers.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
    let sequences = Dictionary(
      spec.layers.filter(\.content.isSequence).map { ($0.name.value, $0) },
      uniquingKeysWith: { first, _ in first })
    let tracks = Set(spec.audioTracks.map(\.name.value))
    for name in duck.under {
      if name.value == owner {
        context.error(
          "duck-under-itself", "\(subject) cannot duck under itself", at: name.location,
          help: "name the voice it should make room for")
      } else if let layer = layers[name.value] ?? sequences[name.value], !layer.content.hasSound {
        context.error(
          "duck-under-silent",
          "'\(name.value)' is \(ReadContext.article(layer.content.kind)) \(layer.content.kind) layer: it has no sound to duck under",
          at: name.location, notes: [.init("'\(name.value)' is here", at: layer.location)])
      } else if layers[name.value] == nil && sequences[name.value] == nil
        && !tracks.contains(name.value)
        && !context.leftOutNames.contains(where: { $0.value == name.value })
      {
        let known =
          (spec.drawnLayers.filter(\.content.isVideo).map(\.name.value)
          + spec.audioTracks.map(\.name.value)).filter { $0 != owner }
        context.error(
          "unknown-name", "\(subject) ducks under '\(name.value)', which is no layer or track",
          at: name.location,
          help: Suggestions.help(for: name.value, among: known)
            ?? (known.isEmpty
              ? "the project has no other sound to duck under"
              : "sounds: \(known.joined(separator: ", "))"))
      }
    }
    let fps = spec.output.fps.value
    for (ramp, what) in [(duck.attack, "attack"), (duck.release, "release")]
    where ramp.value.seconds(fps: fps) > Self.longestRamp {
      context.error(
        "out-of-range",
        "duck \(what) must be at most 10 s, found \(TimeFormat.seconds(ramp.value.seconds(fps: fps))) s",
        at: ramp.location, help: "ramps are short: attack 150ms, release 600ms by default")
    }
  }
}

extension LayerContentSpec {
  var isVideo: Bool {
    switch self {
    case .video, .project: true
    case .image, .fill, .text, .captions, .sequence: false
    }
  }
}

extension LayerContentSpec {
  var isSequence: Bool {
    if case .sequence = self { return true }
    return false
  }

  /// Whether the layer may sound: a video, or a sequence (whose videos may).
  var hasSound: Bool {
    switch self {
    case .video, .project: true
    case .sequence(let sequence): sequence.items.contains { $0.content.hasSound }
    case .image, .fill, .text, .captions: false
    }
  }
}

import Diagnostics
import PlanValues
import Timeline
import Yams

/// Reads the keys of a `source` (video) layer.
extension ReadContext {
  /// The keys of a video layer; `sourceKey` names the file (`source`, or `project` for a
  /// project layer, which plays like a video).
  func readVideoLayer(_ map: MappingReader, subject: String, sourceKey: String = "source")
    -> VideoLayerSpec?
  {
    let source = map.value(sourceKey).flatMap { path($0, what: sourceKey) }
    checkDurationAndOut(map, subject: subject)
    let here = map.location
    let video = VideoLayerSpec(
      clip: readClip(map, source: source),
      afterEnd: map.value("after_end").flatMap { choice($0, what: "after_end", AfterEnd.allCases) }
        ?? Located(.hide, at: here),
      key: map.value("key").flatMap { readKey($0, subject: subject) },
      matte: map.value("matte").flatMap { path($0, what: "matte") },
      audio: map.value("audio").flatMap { readLayerAudio($0, subject: subject) }
        ?? defaultMix(at: here))
    return source == nil ? nil : video
  }

  /// `duration` and `out` both say where the clip stops; only one may. With `loop`, `out` ends
  /// the looped section and `duration` says how long it repeats, so both belong together.
  func checkDurationAndOut(_ map: MappingReader, subject: String) {
    guard let d = map.keyLocation("duration"), let o = map.keyLocation("out") else { return }
    if let loop = map.value("loop"), loop.scalar?.string.lowercased() == "true" { return }
    let (later, earlier, earlierName) = d > o ? (d, o, "out") : (o, d, "duration")
    error(
      "conflicting-keys", "\(subject) gives both 'duration' and 'out'", at: later,
      notes: [.init("'\(earlierName)' is given here", at: earlier)],
      help:
        "keep one ('out' is a source time, 'duration' how long it plays), or add 'loop: true' to repeat in…out for the duration"
    )
  }

  private func readLayerAudio(_ node: Node, subject: String) -> AudioMixSpec? {
    let keys = ["gain", "mute", "fade_in", "fade_out", "streams", "duck"]
    guard let map = MappingReader(node, subject: "audio of \(subject)", keys: keys, in: self)
    else { return nil }
    return readMix(map)
  }

  private func defaultMix(at here: SourceLocation) -> AudioMixSpec {
    AudioMixSpec(
      gain: Located(.unity, at: here), mute: Located(false, at: here),
      fadeIn: Located(.zero, at: here), fadeOut: Located(.zero, at: here),
      streams: Located(.all, at: here))
  }
}

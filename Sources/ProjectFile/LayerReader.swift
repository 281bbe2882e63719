import Diagnostics
import Timeline
import Yams

/// Reads `layers:` entries and `audio:` tracks.
extension ReadContext {
  static let layerKeys = [
    "name", "source", "start", "duration", "opacity", "box", "fit", "in", "out", "loop",
    "after_end", "key", "matte", "audio",
  ]
  static let laterLayerKinds = [
    "image": "image layers are not available in format version 1 yet",
    "text": "text layers are not available in format version 1 yet",
    "fill": "fill layers are not available in format version 1 yet",
  ]

  func readLayer(_ node: Node, index: Int) -> LayerSpec? {
    let fallbackName = "layers[\(index)]"
    guard
      let map = MappingReader(
        node, subject: Self.subject("layer", node, index: index), keys: Self.layerKeys, in: self,
        laterKeys: Self.laterLayerKinds)
    else { return nil }
    let name = readName(map, fallback: fallbackName)
    let subject = "layer '\(name.value)'"
    let source = map.required("source", help: "a layer in version 1 shows a video: source: FILE")
      .flatMap { path($0, what: "source") }
    let layer = LayerSpec(
      location: map.location, name: name,
      start: map.value("start").flatMap { time($0, what: "start") }
        ?? Located(.zero, at: map.location),
      duration: map.value("duration").flatMap { positiveTime($0, what: "duration") },
      opacity: map.value("opacity").flatMap { number($0, what: "opacity", in: 0...1) }
        ?? Located(1, at: map.location),
      box: map.value("box").flatMap(box),
      fit: map.value("fit").flatMap { choice($0, what: "fit", Fit.allCases) }
        ?? Located(.contain, at: map.location),
      fadeIn: Located(.zero, at: map.location), fadeOut: Located(.zero, at: map.location),
      content: .video(
        VideoLayerSpec(
          clip: readClip(map, source: source),
          afterEnd: map.value("after_end").flatMap {
            choice($0, what: "after_end", AfterEnd.allCases)
          } ?? Located(.hide, at: map.location),
          key: map.value("key").flatMap { readKey($0, subject: subject) },
          matte: map.value("matte").flatMap { path($0, what: "matte") },
          audio: map.value("audio").flatMap { readLayerAudio($0, subject: subject) }
            ?? defaultMix(at: map.location))))
    checkDurationAndOut(map, subject: subject)
    return source == nil ? nil : layer
  }

  func readAudioTrack(_ node: Node, index: Int) -> AudioTrackSpec? {
    let keys = [
      "name", "source", "start", "in", "out", "duration", "loop", "gain", "mute", "fade_in",
      "fade_out", "streams",
    ]
    guard
      let map = MappingReader(
        node, subject: Self.subject("audio track", node, index: index), keys: keys, in: self)
    else { return nil }
    let name = readName(map, fallback: "audio[\(index)]")
    let subject = "audio track '\(name.value)'"
    let source = map.required("source").flatMap { path($0, what: "source") }
    checkDurationAndOut(map, subject: subject)
    guard source != nil else { return nil }
    return AudioTrackSpec(
      location: map.location, name: name,
      start: map.value("start").flatMap { time($0, what: "start") }
        ?? Located(.zero, at: map.location),
      duration: map.value("duration").flatMap { positiveTime($0, what: "duration") },
      clip: readClip(map, source: source),
      mix: readMix(map))
  }

  /// How messages name an entry before its name has been read: `layer 'plate'` when it has a
  /// plain name, else `layer 2`.
  static func subject(_ kind: String, _ node: Node, index: Int) -> String {
    if case .mapping(let mapping) = node, let name = mapping["name"]?.scalar?.string,
      !name.isEmpty, !name.contains("{{")
    {
      return "\(kind) '\(name)'"
    }
    return "\(kind) \(index + 1)"
  }

  private func readName(_ map: MappingReader, fallback: String) -> Located<String> {
    map.required("name").flatMap { nonEmptyString($0, what: "name") }
      ?? Located(fallback, at: map.location)
  }

  private func readClip(_ map: MappingReader, source: Located<String>?) -> ClipSpec {
    ClipSpec(
      source: source ?? Located("", at: map.location),
      inPoint: map.value("in").flatMap { time($0, what: "in") } ?? Located(.zero, at: map.location),
      outPoint: map.value("out").flatMap { positiveTime($0, what: "out") },
      loop: map.value("loop").flatMap(bool) ?? Located(false, at: map.location))
  }

  /// `duration` and `out` both say where the clip stops; only one may. With `loop`, `out` ends
  /// the looped section and `duration` says how long it repeats, so both belong together.
  private func checkDurationAndOut(_ map: MappingReader, subject: String) {
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

  private func positiveTime(_ node: Node, what: String) -> Located<TimeValue>? {
    guard let t = time(node, what: what) else { return nil }
    if t.value == .zero || t.value == .frames(0) {
      error("out-of-range", "\(what) must be greater than zero", at: t.location)
      return nil
    }
    return t
  }

  private func box(_ node: Node) -> Located<Box>? {
    let here = location(of: node)
    guard case .sequence(let items) = node, items.count == 4 else {
      error(
        "bad-box", "box must be a list of four numbers [x, y, width, height]", at: here,
        help: "for example: box: [640, 180, 640, 540]")
      return nil
    }
    let names = ["x", "y", "width", "height"]
    var values: [Int] = []
    for (item, name) in zip(items, names) {
      let range = name.count == 1 ? -16384...16384 : 1...16384
      guard let v = integer(item, what: "box \(name)", in: range) else { return nil }
      values.append(v.value)
    }
    return Located(Box(x: values[0], y: values[1], width: values[2], height: values[3]), at: here)
  }

  private func readKey(_ node: Node, subject: String) -> KeySpec? {
    let keys = ["color", "similarity", "smoothness", "spill"]
    guard let map = MappingReader(node, subject: "key of \(subject)", keys: keys, in: self) else {
      return nil
    }
    let here = map.location
    return KeySpec(
      location: here,
      color: map.value("color").flatMap(color) ?? Located(.green, at: here),
      similarity: map.value("similarity").flatMap { number($0, what: "similarity", in: 0...1) }
        ?? Located(0.25, at: here),
      smoothness: map.value("smoothness").flatMap { number($0, what: "smoothness", in: 0...1) }
        ?? Located(0.1, at: here),
      spill: map.value("spill").flatMap { number($0, what: "spill", in: 0...1) }
        ?? Located(0.5, at: here))
  }

  private func readLayerAudio(_ node: Node, subject: String) -> AudioMixSpec? {
    let keys = ["gain", "mute", "fade_in", "fade_out", "streams"]
    guard let map = MappingReader(node, subject: "audio of \(subject)", keys: keys, in: self)
    else { return nil }
    return readMix(map)
  }

  /// Gain, mute, fades and streams from whichever mapping holds them.
  private func readMix(_ map: MappingReader) -> AudioMixSpec {
    let here = map.location
    return AudioMixSpec(
      gain: map.value("gain").flatMap(gain) ?? Located(.unity, at: here),
      mute: map.value("mute").flatMap(bool) ?? Located(false, at: here),
      fadeIn: map.value("fade_in").flatMap { time($0, what: "fade_in") }
        ?? Located(.zero, at: here),
      fadeOut: map.value("fade_out").flatMap { time($0, what: "fade_out") }
        ?? Located(.zero, at: here),
      streams: map.value("streams").flatMap(streams) ?? Located(.all, at: here))
  }

  private func defaultMix(at here: SourceLocation) -> AudioMixSpec {
    AudioMixSpec(
      gain: Located(.unity, at: here), mute: Located(false, at: here),
      fadeIn: Located(.zero, at: here), fadeOut: Located(.zero, at: here),
      streams: Located(.all, at: here))
  }

  private func streams(_ node: Node) -> Located<StreamSelection>? {
    let here = location(of: node)
    if case .scalar = node {
      guard let s = scalarText(node, expected: "all or a list of stream indices") else {
        return nil
      }
      if s.text == "all" { return Located(.all, at: here) }
      error(
        "bad-streams", "streams must be 'all' or a list of audio stream indices, found '\(s.text)'",
        at: here, help: "for example: streams: [0, 2] (0 is the first audio stream)")
      return nil
    }
    guard case .sequence(let items) = node else {
      error("bad-streams", "streams must be 'all' or a list of audio stream indices", at: here)
      return nil
    }
    guard !items.isEmpty else {
      error(
        "bad-streams", "streams cannot be an empty list", at: here,
        help: "to leave this source's audio out, write mute: true")
      return nil
    }
    var indices: [Located<Int>] = []
    for item in items {
      guard let v = integer(item, what: "an audio stream index", in: 0...255) else { return nil }
      if let first = indices.first(where: { $0.value == v.value }) {
        error(
          "duplicate-stream", "audio stream \(v.value) is listed twice", at: v.location,
          notes: [.init("first listed here", at: first.location)])
        return nil
      }
      indices.append(v)
    }
    return Located(.indices(indices), at: here)
  }
}

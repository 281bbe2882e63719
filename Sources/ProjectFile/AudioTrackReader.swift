import Diagnostics
import Timeline
import Yams

/// Reads `audio:` tracks, and the clip and mix keys they share with `source` layers.
extension ReadContext {
  /// Reads one audio track; one whose `when` is false is read and then left out (nil, with
  /// no error), as a layer is.
  func readAudioTrack(_ node: Node, index: Int) -> AudioTrackSpec? {
    let keys = [
      "name", "when", "source", "start", "in", "out", "duration", "loop", "gain", "mute", "fade_in",
      "fade_out", "streams", "duck", "speak", "voice", "rate", "engine",
    ]
    guard
      let map = MappingReader(
        node, subject: Self.subject("audio track", node, index: index), keys: keys, in: self)
    else { return nil }
    let name = readName(map, fallback: "audio[\(index)]")
    let subject = "audio track '\(name.value)'"
    let speech = readSpeech(map, subject: subject)
    let source =
      map.value("speak") != nil
      ? Located("", at: map.location)
      : map.required("source", help: "or speak text: speak: \"Hello\"").flatMap {
        path($0, what: "source")
      }
    checkDurationAndOut(map, subject: subject)
    let shown = map.value("when").flatMap(condition)?.value ?? true
    if !shown { leftOutNames.append(name) }
    guard source != nil, shown, map.value("speak") == nil || speech != nil else { return nil }
    var track = AudioTrackSpec(
      location: map.location, name: name,
      start: map.value("start").flatMap { followingTime($0, what: "start") }
        ?? Located(.zero, at: map.location),
      duration: map.value("duration").flatMap {
        followingTime($0, what: "duration", positive: true)
      },
      clip: readClip(map, source: source),
      mix: readMix(map))
    track.speech = speech
    return track
  }

  func readClip(_ map: MappingReader, source: Located<String>?) -> ClipSpec {
    ClipSpec(
      source: source ?? Located("", at: map.location),
      inPoint: map.value("in").flatMap { time($0, what: "in") } ?? Located(.zero, at: map.location),
      outPoint: map.value("out").flatMap { positiveTime($0, what: "out") },
      loop: map.value("loop").flatMap(bool) ?? Located(false, at: map.location))
  }

  /// Gain, mute, fades, streams and ducking from whichever mapping holds them.
  func readMix(_ map: MappingReader) -> AudioMixSpec {
    let here = map.location
    return AudioMixSpec(
      gain: map.value("gain").flatMap(gain) ?? Located(.unity, at: here),
      mute: map.value("mute").flatMap(bool) ?? Located(false, at: here),
      fadeIn: map.value("fade_in").flatMap { time($0, what: "fade_in") }
        ?? Located(.zero, at: here),
      fadeOut: map.value("fade_out").flatMap { time($0, what: "fade_out") }
        ?? Located(.zero, at: here),
      streams: map.value("streams").flatMap(streams) ?? Located(.all, at: here),
      duck: map.value("duck").flatMap(readDuck))
  }

  private func streams(_ node: Node) -> Located<StreamSelection>? {
    let here = location(of: node)
    if case .scalar = node {
      guard let s = scalarText(node, expected: "all or a list of stream indices", example: "all")
      else {
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

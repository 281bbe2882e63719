import Diagnostics
import PlanValues
import Timeline
import Yams

/// Reads `output:`.
extension ReadContext {
  static let x264Presets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
    "veryslow", "placebo",
  ]

  func readOutput(_ node: Node) -> OutputSpec? {
    let keys = [
      "file", "size", "fps", "duration", "background", "video", "audio", "segment",
    ]
    guard let map = MappingReader(node, subject: "output", keys: keys, in: self) else {
      return nil
    }
    let here = map.location
    var output = OutputSpec(
      location: here, file: Located("", at: here),
      size: Located(FrameSize(width: 1280, height: 720), at: here),
      fps: Located(Rational(30), at: here), duration: Located(.longest, at: here),
      background: Located(.color(.black), at: here), video: defaultVideo(at: here),
      audio: defaultAudio(at: here))
    if let n = map.required("file"), let file = path(n, what: "output.file") {
      let lower = file.value.lowercased()
      if lower.hasSuffix(".mp4") || lower.hasSuffix(".mov") {
        output.file = file
      } else {
        error(
          "bad-output-file", "output.file must end in .mp4 or .mov: '\(file.value)'",
          at: file.location)
      }
    }
    if let n = map.required("size", help: "for example: size: 1280x720"), let v = size(n) {
      output.size = v
    }
    if let n = map.required("fps", help: "for example: fps: 30"), let v = frameRate(n) {
      output.fps = v
    }
    if let n = map.value("duration"), let v = durationRule(n) { output.duration = v }
    if let n = map.value("background"), let v = background(n) { output.background = v }
    if let n = map.value("video") { readVideoSettings(n, into: &output.video) }
    if let n = map.value("audio") { readAudioSettings(n, into: &output.audio) }
    if let n = map.value("segment") { output.segment = segmentLength(n, fps: output.fps.value) }
    return output
  }

  /// `"#RRGGBB"`, or `transparent`: nothing under the bottom layer, for a project drawn
  /// inside another.
  private func background(_ node: Node) -> Located<OutputBackground>? {
    guard let s = scalarText(node, expected: "a colour or 'transparent'") else { return nil }
    if s.text.trimmingWhitespace() == "transparent" { return Located(.transparent, at: s.location) }
    return color(node, what: "output.background").map { Located(.color($0.value), at: $0.location) }
  }

  /// `segment: 2s`: the length of the independently encoded pieces, at least half a second
  /// (shorter pieces cost more in key frames than a rerender saves) and one frame.
  private func segmentLength(_ node: Node, fps: Rational) -> Located<Rational>? {
    guard let t = time(node, what: "output.segment") else { return nil }
    let seconds = t.value.seconds(fps: fps)
    guard seconds >= Self.shortestSegment, seconds >= Rational(1) / fps else {
      error(
        "bad-value",
        "output.segment must be at least half a second and one frame long, not \(t.value)",
        at: t.location, help: "for example: segment: 2s")
      return nil
    }
    return Located(seconds, at: t.location)
  }

  /// The shortest `output.segment`.
  static let shortestSegment = Rational(1, 2)

  private func defaultVideo(at here: SourceLocation) -> VideoSettings {
    VideoSettings(
      codec: Located("h264", at: here), crf: Located(20, at: here),
      preset: Located("medium", at: here))
  }

  private func defaultAudio(at here: SourceLocation) -> AudioSettings {
    AudioSettings(
      sampleRate: Located(48000, at: here), channels: Located(2, at: here),
      bitrate: Located(192_000, at: here), limiter: Located(true, at: here))
  }

  private func durationRule(_ node: Node) -> Located<DurationRule>? {
    guard let s = scalarText(node, expected: "longest, shortest or a time") else { return nil }
    switch s.text {
    case "longest": return Located(.longest, at: s.location)
    case "shortest": return Located(.shortest, at: s.location)
    default:
      guard let t = time(node, what: "output.duration") else { return nil }
      return Located(.exactly(t.value), at: t.location)
    }
  }

  private func readVideoSettings(_ node: Node, into video: inout VideoSettings) {
    guard
      let map = MappingReader(
        node, subject: "output.video", keys: ["codec", "crf", "preset"], in: self)
    else { return }
    video.codec = Located(video.codec.value, at: map.location)
    video.crf = Located(video.crf.value, at: map.location)
    video.preset = Located(video.preset.value, at: map.location)
    if let n = map.value("codec"), let v = string(n, what: "a codec name") {
      if v.value == "h264" {
        video.codec = v
      } else {
        error(
          "bad-value", "output.video.codec must be h264, found '\(v.value)'", at: v.location,
          help: "version 1 encodes H.264 through libx264")
      }
    }
    if let n = map.value("crf"), let v = integer(n, what: "crf", in: 0...51) { video.crf = v }
    if let n = map.value("preset"), let v = string(n, what: "a preset name") {
      if Self.x264Presets.contains(v.value) {
        video.preset = v
      } else {
        error(
          "bad-value", "unknown libx264 preset '\(v.value)'", at: v.location,
          help: Suggestions.help(for: v.value, among: Self.x264Presets)
            ?? "presets: \(Self.x264Presets.joined(separator: ", "))")
      }
    }
  }

  private func readAudioSettings(_ node: Node, into audio: inout AudioSettings) {
    let keys = ["sample_rate", "channels", "bitrate", "limiter", "loudness", "true_peak"]
    guard let map = MappingReader(node, subject: "output.audio", keys: keys, in: self) else {
      return
    }
    if let n = map.value("sample_rate"),
      let v = integer(n, what: "sample_rate", in: 8000...192_000)
    {
      audio.sampleRate = v
    }
    if let n = map.value("channels"), let v = integer(n, what: "channels", in: 1...6) {
      if [1, 2, 6].contains(v.value) {
        audio.channels = v
      } else {
        error(
          "bad-value", "channels must be 1 (mono), 2 (stereo) or 6 (5.1), found \(v.value)",
          at: v.location)
      }
    }
    if let n = map.value("bitrate"), let v = bitrate(n) { audio.bitrate = v }
    if let n = map.value("limiter"), let v = bool(n) { audio.limiter = v }
    if let n = map.value("loudness") { audio.loudness = loudnessTarget(n) }
    if let n = map.value("true_peak") { audio.truePeak = truePeakCeiling(n) }
    if let needs = audio.loudness?.location ?? audio.truePeak?.location,
      audio.limiter.value == false, let off = map.keyLocation("limiter")
    {
      let key = audio.loudness == nil ? "true_peak" : "loudness"
      error(
        "conflicting-keys", "output.audio gives both 'limiter: false' and '\(key)'", at: off,
        notes: [.init("'\(key)' needs the true-peak limiter", at: needs)],
        help: "remove 'limiter: false': a loudness target or a true-peak ceiling limits the peaks")
    }
  }
}

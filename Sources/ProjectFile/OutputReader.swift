import Diagnostics
import PlanValues
import Timeline
import Yams

/// Reads `output:`.
extension ReadContext {
  func readOutput(_ node: Node) -> OutputSpec? {
    let keys = [
      "file", "size", "fps", "duration", "background", "video", "audio", "segment", "poster",
    ]
    guard let map = MappingReader(node, subject: "output", keys: keys, in: self) else {
      return nil
    }
    let here = map.location
    var output = OutputSpec(
      location: here, file: Located("", at: here),
      size: Located(FrameSize(width: 1280, height: 720), at: here),
      fps: Located(Rational(30), at: here), duration: Located(.longest, at: here),
      background: Located(.color(.black), at: here), video: VideoSettings(),
      audio: defaultAudio(at: here))
    var container: OutputContainer?
    if let n = map.required("file"), let file = path(n, what: "output.file") {
      container = outputContainer(file)
      if container != nil { output.file = file }
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
    if let n = map.value("poster") { output.poster = poster(n) }
    if let container { checkFormat(of: output, in: container) }
    if let segment = output.segment, let container, !container.joinsSegments {
      error(
        "bad-value",
        "output.segment joins its segments into .mp4 and .mov files only, not "
          + container.displayName,
        at: segment.location)
    }
    return output
  }

  /// The container `file` names by its extension, or nil (with a located error) for one
  /// chromake does not write, or a PNG sequence without a frame-number pattern.
  private func outputContainer(_ file: Located<String>) -> OutputContainer? {
    guard let container = OutputContainer.of(path: file.value) else {
      error(
        "bad-output-file",
        "output.file must end in one of \(OutputContainer.extensions): '\(file.value)'",
        at: file.location,
        help: "a PNG sequence numbers its files with a pattern, as in out/frames/%05d.png")
      return nil
    }
    if container == .png, let slash = file.value.lastIndex(of: "/"),
      file.value[..<slash].contains("%")
    {
      error(
        "bad-output-file",
        "a PNG sequence's folder cannot hold a '%': FFmpeg would number it as a frame: '\(file.value)'",
        at: file.location, help: "number the files, not the folder: file: out/frames/%05d.png")
      return nil
    }
    if container == .png, FramePattern(file.value) == nil {
      error(
        "bad-output-file",
        "a PNG sequence's name needs one frame-number pattern (%d or %05d): '\(file.value)'",
        at: file.location, help: "for example: file: out/frames/%05d.png (frame k is file k)")
      return nil
    }
    return container
  }

  /// `OutputFormat.decide`'s rule for what the file asks, every problem reported at the
  /// setting at fault: the planner decides the same way, so a file this passes has a format.
  private func checkFormat(of output: OutputSpec, in container: OutputContainer) {
    let problems = OutputFormat.problems(
      container: container, choice: output.formatChoice,
      transparent: output.background.value == .transparent,
      sampleRate: output.audio.sampleRate.value)
    for problem in problems { reportFormatProblem(problem, of: output) }
  }

  private func reportFormatProblem(_ problem: OutputFormatProblem, of output: OutputSpec) {
    let video = output.video
    let audio = output.audio
    let location: SourceLocation =
      switch problem.field {
      case .file: output.file.location
      case .videoCodec: video.codec?.location ?? output.file.location
      case .crf: video.crf?.location ?? output.file.location
      case .preset: video.preset?.location ?? output.file.location
      case .speed: video.speed?.location ?? output.file.location
      case .alpha: video.alpha?.location ?? output.file.location
      case .audioCodec: audio.codec?.location ?? output.file.location
      case .bitrate: audio.bitrate?.location ?? output.file.location
      case .sampleRate: audio.sampleRate.location
      }
    error("bad-output-format", problem.message, at: location, help: problem.help)
  }

  /// `poster: { file: out/poster.jpg, at: 2s }`.
  private func poster(_ node: Node) -> PosterSpec? {
    guard let map = MappingReader(node, subject: "output.poster", keys: ["file", "at"], in: self)
    else { return nil }
    guard let n = map.required("file", help: "for example: file: out/poster.jpg"),
      let file = path(n, what: "output.poster.file")
    else { return nil }
    guard PosterFormat.of(path: file.value) != nil else {
      error(
        "bad-output-file",
        "output.poster.file must end in .png, .jpg, .jpeg or .webp: '\(file.value)'",
        at: file.location)
      return nil
    }
    var at = Located(TimeValue.seconds(.zero), at: map.location)
    if let n = map.value("at"), let t = followingTime(n, what: "output.poster.at") { at = t }
    return PosterSpec(location: map.location, file: file, at: at)
  }

  /// `"#RRGGBB"`, or `transparent`: nothing under the bottom layer, for a project drawn
  /// inside another.
  private func background(_ node: Node) -> Located<OutputBackground>? {
    guard let s = scalarText(node, expected: "a colour or 'transparent'", example: "\"#000000\"")
    else { return nil }
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

  private func defaultAudio(at here: SourceLocation) -> AudioSettings {
    AudioSettings(
      sampleRate: Located(48000, at: here), channels: Located(2, at: here),
      limiter: Located(true, at: here))
  }

  private func durationRule(_ node: Node) -> Located<DurationRule>? {
    guard let s = scalarText(node, expected: "longest, shortest or a time", example: "longest")
    else { return nil }
    switch s.text {
    case "longest": return Located(.longest, at: s.location)
    case "shortest": return Located(.shortest, at: s.location)
    default:
      guard let t = followingTime(node, what: "output.duration") else { return nil }
      return Located(.exactly(t.value), at: t.location)
    }
  }

  /// `output.video`: the codec and its settings, each checked alone here and against the
  /// others and the container by `checkFormat`.
  private func readVideoSettings(_ node: Node, into video: inout VideoSettings) {
    let keys = ["codec", "crf", "preset", "speed", "alpha"]
    guard let map = MappingReader(node, subject: "output.video", keys: keys, in: self) else {
      return
    }
    if let n = map.value("codec") {
      video.codec = named(n, what: "output.video.codec", VideoCodec.self)
    }
    if let n = map.value("crf"), let v = integer(n, what: "crf", in: 0...63) { video.crf = v }
    if let n = map.value("preset"), let v = string(n, what: "a preset name", example: "medium") {
      let presets = VideoCodec.h264.presets ?? []
      if presets.contains(v.value) {
        video.preset = v
      } else {
        error(
          "bad-value", "unknown preset '\(v.value)'", at: v.location,
          help: Suggestions.help(for: v.value, among: presets)
            ?? "presets: \(presets.joined(separator: ", "))")
      }
    }
    if let n = map.value("speed"), let v = integer(n, what: "speed", in: 0...13) { video.speed = v }
    if let n = map.value("alpha"), let v = bool(n) { video.alpha = v }
  }

  /// One of `T`'s names, with a located error naming the others.
  private func named<T: RawRepresentable & CaseIterable>(
    _ node: Node, what: String, _ type: T.Type
  ) -> Located<T>? where T.RawValue == String {
    guard let s = string(node, what: "a codec name", example: "h264") else { return nil }
    if let value = T(rawValue: s.value) { return Located(value, at: s.location) }
    let names = T.allCases.map(\.rawValue)
    error(
      "bad-value", "\(what) must be one of \(names.joined(separator: ", ")), found '\(s.value)'",
      at: s.location, help: Suggestions.help(for: s.value, among: names))
    return nil
  }

  private func readAudioSettings(_ node: Node, into audio: inout AudioSettings) {
    let keys = [
      "codec", "sample_rate", "channels", "bitrate", "limiter", "loudness", "true_peak",
    ]
    guard let map = MappingReader(node, subject: "output.audio", keys: keys, in: self) else {
      return
    }
    if let n = map.value("codec") {
      audio.codec = named(n, what: "output.audio.codec", AudioCodec.self)
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

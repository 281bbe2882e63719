extension OutputFormatChoice {
  /// What of this choice an output in `container` can honour, for `render -o` to another
  /// container than the project's, with a note for each request given up: a video codec the
  /// container cannot hold gives way to its default (to its first codec that keeps alpha,
  /// where the project keeps alpha); the codec's own settings (`crf`, `preset`, `speed`) go
  /// with a codec other than `planned`, the one the project renders in, since each codec
  /// reads them on its own scale; alpha goes where no codec of the container keeps it (the
  /// transparent background then renders black, as without `alpha`); an audio codec the
  /// container cannot hold gives way to its default. A picture container takes no sound
  /// settings at all: its render makes no mix, which the render says on its own.
  public func fitted(from planned: VideoCodec, to container: OutputContainer) -> (
    choice: OutputFormatChoice, notes: [String]
  ) {
    var fitted = self
    var notes: [String] = []
    let codecs = container.videoCodecs
    let named = videoCodec.flatMap { codecs.contains($0) ? $0 : nil }
    var video = named ?? codecs[0]
    if alpha, named == nil, !video.keepsAlpha(in: container),
      let keeper = codecs.first(where: { $0.keepsAlpha(in: container) })
    {
      video = keeper
    }
    if let asked = videoCodec, named == nil {
      notes.append(
        "\(container.displayName) cannot hold \(asked.rawValue) video: it is "
          + "\(video.rawValue) instead")
    }
    fitted.videoCodec = video
    let settings = [
      crf.map { "crf \($0)" }, preset.map { "preset \($0)" }, speed.map { "speed \($0)" },
    ].compactMap { $0 }
    if video != planned, !settings.isEmpty {
      fitted.crf = nil
      fitted.preset = nil
      fitted.speed = nil
      notes.append(
        "the project's \(settings.joined(separator: ", ")) \(settings.count == 1 ? "is" : "are") "
          + "for \(planned.rawValue): \(video.rawValue) takes its own default")
    }
    if alpha, !video.keepsAlpha(in: container) {
      fitted.alpha = false
      notes.append(
        "\(video.rawValue) in \(container.displayName) cannot keep alpha: the picture is "
          + "opaque, its transparent background black")
    }
    let sounds = container.audioCodecs
    guard !sounds.isEmpty else {
      fitted.audioCodec = nil
      fitted.bitrate = nil
      return (fitted, notes)
    }
    if let asked = audioCodec, !sounds.contains(asked) {
      fitted.audioCodec = sounds[0]
      notes.append(
        "\(container.displayName) cannot hold \(asked.rawValue) sound: it is "
          + "\(sounds[0].rawValue) instead")
    }
    return (fitted, notes)
  }
}

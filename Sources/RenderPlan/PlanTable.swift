import Foundation
import PlanValues
import Timeline

/// The plan as people read it: `chromake plan` without `--json`.
public enum PlanTable {
  /// A layer's effects in a line.
  static func effects(_ effects: LayerEffects) -> String {
    func value(_ animated: Animated<Double>) -> String {
      animated.isConstant
        ? decibelNumber(animated.keyframes[0].value)
        : animated.keyframes.map { decibelNumber($0.value) }.joined(separator: "→")
    }
    var parts: [String] = []
    if let blur = effects.blur { parts.append("blur \(value(blur)) px") }
    if let radius = effects.cornerRadius {
      let unit = radius.keyframes[0].value.relative ? "%" : " px"
      parts.append("corner_radius \(value(radius.map(\.value)))\(unit)")
    }
    if let shadow = effects.shadow {
      parts.append(
        "shadow \(shadow.color) offset [\(decibelNumber(shadow.offset.x)), "
          + "\(decibelNumber(shadow.offset.y))] blur \(decibelNumber(shadow.blur)) px")
    }
    if let lut = effects.lut { parts.append("lut \(lut.path) mix \(decibelNumber(lut.mix))") }
    for descriptor in EffectDescriptor.adjustments {
      if let adjustment = effects.adjustments[descriptor.key] {
        parts.append("\(descriptor.key) \(value(adjustment))")
      }
    }
    return parts.joined(separator: ", ")
  }

  /// The video codec and the settings it is opened with.
  static func videoSettings(_ format: OutputFormat) -> String {
    var parts = [format.video.rawValue]
    if let crf = format.crf { parts.append("crf \(crf)") }
    if let preset = format.preset { parts.append("preset \(preset)") }
    if let speed = format.speed { parts.append("speed \(speed)") }
    return parts.joined(separator: " ")
  }

  /// The whole plan as aligned text.
  public static func render(_ plan: RenderPlan) -> String {
    let o = plan.output
    var out = ""
    let size = "\(o.width)x\(o.height) at \(FrameRate.describe(o.fps)) fps, "
    let length =
      "\(o.frameCount) frames = \(TimeFormat.seconds(o.duration)) s (\(o.durationRule))\n"
    // A child project has no file or encoding of its own: it is drawn as its parent's layer.
    if o.file.isEmpty {
      out += "picture " + size + length + "        background \(o.background)\n"
      out += "audio   \(o.audio.sampleRate) Hz, \(o.audio.channels) ch, \(o.audio.sampleCount) "
      out += "samples: the whole mix is one stream of the parent's"
    } else {
      let format = o.format
      out += "output  \(o.file) (\(format.container.rawValue)), " + size + length
      out += "video   \(videoSettings(format)), \(format.pixelFormat) bt709 limited"
      out += format.alpha ? " with alpha" : ""
      out += ", background \(o.background)\n"
      if let codec = format.audio {
        let rate = o.audio.bitrate.map { "\($0 / 1000) kb/s " } ?? ""
        out +=
          "audio   \(o.audio.sampleRate) Hz, \(o.audio.channels) ch, \(rate)\(codec.rawValue), "
        out += "\(limiter(o.audio.limiter)), \(o.audio.sampleCount) samples"
      } else {
        out += "audio   none: \(format.container.displayName) has no sound"
      }
    }
    if let loudness = o.audio.loudness {
      out += ",\n        loudness \(decibelNumber(loudness.targetLUFS)) LUFS"
      out += loudness.standard.map { " (\($0))" } ?? ""
      out += ": measured and set by the render"
    }
    out += "\n"
    if let segment = o.segment {
      let pieces = o.segments
      let last = pieces.last.map { " (the last \($0.count) frames)" } ?? ""
      out += "segments \(pieces.count) of \(TimeFormat.seconds(segment)) s\(last), each its own "
      out += "\(o.format.video.rawValue) encoder starting with a key frame, joined without "
      out += "re-encoding\n"
    }
    if let poster = o.poster {
      let time = TimeFormat.seconds(Rational(poster.frame) / o.fps)
      out +=
        "poster  \(poster.file) (\(poster.format.rawValue)): frame \(poster.frame) (\(time) s)\n"
    }
    if let written = plan.writtenTimes, !written.isEmpty {
      out += "\ntimes that follow other things (as written, and resolved exactly)\n"
      out += writtenTimeTable(written).render()
    }
    out += "\nlayers (bottom first; frame k shows source time in + k/fps - start)\n"
    out += layerTable(plan).render()
    for sequence in plan.sequences {
      out += "\nsequence '\(sequence.name)' (line \(sequence.location.line); item k starts where "
      out += "item k-1 ends, less the transition between them)\n"
      out += sequenceTable(sequence, plan: plan).render()
    }
    let effected = plan.layers.filter { !$0.effects.isEmpty }
    if !effected.isEmpty {
      out +=
        "\neffects (blur and corners as keyframed; a shadow under its layer; a look after the key)\n"
      for layer in effected { out += "  \(layer.name): \(effects(layer.effects))\n" }
    }
    if plan.layers.contains(where: isAnimated) {
      out += "\nkeyframes (at: time on the layer's clock, from its start)\n"
      out += keyframeTable(plan).render()
    }
    for layer in plan.layers {
      guard case .captions(let captions) = layer.content else { continue }
      if let words = captions.words {
        out += "\nword captions of '\(layer.name)' from \(captions.file) (a page shows from its "
        out += "first word's s - lead; a word is active from its s - lead to the next's)\n"
        out += words.pages.isEmpty ? "  (no words)\n" : wordTable(words).render()
        continue
      }
      out += "\ncaptions of '\(layer.name)' from \(captions.file) (a cue from a to b shows on "
      out += "frame k when a <= k/fps - start < b)\n"
      out +=
        captions.cues.isEmpty ? "  (no cues)\n" : captionTable(captions).render()
    }
    if let speech = plan.speech {
      out +=
        "\nspeech (made from text once per engine, voice, rate and text, and kept in the cache)\n"
      out += speechTable(speech).render()
    }
    out += "\naudio (every stream in the mix)\n"
    out +=
      plan.audio.isEmpty ? "  (none: the output has no audio stream)\n" : audioTable(plan).render()
    if !plan.ducking.isEmpty {
      out += "\nducking (lowered while the named sounds are above the threshold)\n"
      out += duckTable(plan).render()
    }
    out += "\ninputs\n"
    out += inputTable(plan).render()
    for (index, composition) in plan.compositions.enumerated() {
      out += "\nproject #\(index): \(composition.file)"
      let variables = composition.variables.sorted { $0.key < $1.key }
      if !variables.isEmpty {
        out += " with " + variables.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
      }
      out += " (planned at the parent's frame rate and audio format; paths from its folder)\n"
      out += indented(render(composition.plan))
    }
    return out
  }

  static func layerTable(_ plan: RenderPlan) -> TextTable {
    var table = TextTable(header: [
      "#", "name", "line", "frames", "output time", "source", "source time", "after end", "box",
      "fit", "opacity", "key",
    ])
    let fps = plan.output.fps
    for (index, layer) in plan.layers.enumerated() {
      let f = layer.frames
      let frames = f.count == 0 ? "none" : "\(f.first)-\(f.end - 1) (\(f.count))"
      let time =
        f.count == 0
        ? "-"
        : "\(seconds(Rational(f.first) / fps))-\(seconds(Rational(f.end) / fps)) s"
      table.rows.append([
        "\(index)", layer.name, "\(layer.location.line)", frames, time,
        content(of: layer),
        layer.playedClip.map {
          "\(seconds($0.sourceIn))-\(seconds($0.sourceOut)) s\($0.loop ? " loop" : "")"
        } ?? "-",
        layer.playedClip.map { $0.loop ? "-" : $0.afterEnd.rawValue } ?? "-",
        placement(of: layer), layer.fit.rawValue,
        (layer.opacity.isConstant ? number(layer.opacity.keyframes[0].value) : "keyframes")
          + fades(of: layer),
        layer.key.map {
          "\($0.color) sim \(number($0.similarity)) smooth \(number($0.smoothness)) spill \(number($0.spill))"
        } ?? "-",
      ])
    }
    return table
  }

  /// Whether any of the layer's values moves.
  static func isAnimated(_ layer: LayerPlan) -> Bool {
    !layer.box.isConstant || !layer.opacity.isConstant || !layer.rotation.isConstant
  }

  /// The box and rotation, or `keyframes` where they move.
  static func placement(of layer: LayerPlan) -> String {
    let box = layer.box.isConstant ? rect(layer.box.keyframes[0].value) : "keyframes"
    guard layer.rotation.isConstant else { return box + " turning" }
    let angle = layer.rotation.keyframes[0].value
    return angle == 0 ? box : box + " turned \(pixels(angle))°"
  }

  /// Every keyframe of every animated value, layer by layer.
  static func keyframeTable(_ plan: RenderPlan) -> TextTable {
    var table = TextTable(header: ["layer", "property", "at", "value", "ease"])
    for layer in plan.layers {
      func add<Value>(_ what: String, _ animated: Animated<Value>, _ text: (Value) -> String) {
        guard !animated.isConstant else { return }
        for (index, keyframe) in animated.keyframes.enumerated() {
          let last = index == animated.keyframes.count - 1
          table.rows.append([
            layer.name, what, "\(seconds(keyframe.at)) s", text(keyframe.value),
            last ? "-" : ease(keyframe.ease),
          ])
        }
      }
      add("box", layer.box, rect)
      add("opacity", layer.opacity, number)
      add("rotation", layer.rotation) { "\(pixels($0))°" }
    }
    return table
  }

  static func ease(_ easing: Easing) -> String {
    if case .cubicBezier(let x1, let y1, let x2, let y2) = easing {
      return "[\([x1, y1, x2, y2].map(pixels).joined(separator: ", "))]"
    }
    return easing.name ?? "-"
  }

  /// `640,180 640x540`, with fractions where a position falls between pixels.
  static func rect(_ r: FrameRect) -> String {
    "\(pixels(r.x)),\(pixels(r.y)) \(pixels(r.width))x\(pixels(r.height))"
  }

  /// A number of pixels or degrees: whole, or with up to three decimals.
  public static func pixels(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }

  /// What a layer shows, in a few words: its file, colour or text.
  static func content(of layer: LayerPlan) -> String {
    switch layer.content {
    case .video(let video):
      return video.source + (video.matte.map { " + matte \($0)" } ?? "")
    case .image(let image): return "image \(image.path)"
    case .fill(let color): return "fill \(color)"
    case .text(let text):
      let line = text.text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
      let shown = line.count > 24 ? line.prefix(23) + "…" : line
      let more = text.text.contains("\n") && line.count <= 24 ? " …" : ""
      return "text \"\(shown)\(more)\" (\(text.font); \(textFit(text.fit)))"
    case .project(let project):
      return "project \(project.clip.source) #\(project.composition)"
        + (project.clip.matte.map { " + matte \($0)" } ?? "")
    case .captions(let captions) where captions.words != nil:
      let pages = captions.words?.pages ?? []
      let words = pages.reduce(0) { $0 + $1.words.count }
      return "word captions \(captions.file) (\(captions.format), \(words) word"
        + "\(words == 1 ? "" : "s") on \(pages.count) page\(pages.count == 1 ? "" : "s"); "
        + "\(captions.font))"
    case .captions(let captions):
      return
        "captions \(captions.file) (\(captions.format), \(captions.cues.count) cue\(captions.cues.count == 1 ? "" : "s"); \(captions.font))"
    }
  }

  /// Every cue of a captions layer: its line in the file, its times there, the output frames
  /// it shows on, the size it is set at, and its words (line breaks as " / ").
  static func captionTable(_ captions: CaptionsPlan) -> TextTable {
    var table = TextTable(header: ["line", "cue time", "frames", "set at", "text"])
    var sizes: [Int: Double] = [:]
    for page in captions.pages {
      for cue in page.cues where sizes[cue] == nil { sizes[cue] = page.text.fit.size }
    }
    for (index, cue) in captions.cues.enumerated() {
      let f = cue.frames
      let words = cue.text.replacingOccurrences(of: "\n", with: " / ")
      table.rows.append([
        "\(cue.line)", "\(seconds(cue.start))-\(seconds(cue.end)) s",
        f.count == 0 ? "none" : "\(f.first)-\(f.end - 1) (\(f.count))",
        sizes[index].map { "\(pixels($0)) px" } ?? "-",
        "\"\(words.count > 60 ? words.prefix(59) + "…" : words)\"",
      ])
    }
    return table
  }

  /// Every page of word captions and each of its words: the page's frames and size, then per
  /// word its line in the transcript, its times there, and the frames it is active on.
  static func wordTable(_ words: WordCaptionsPlan) -> TextTable {
    var table = TextTable(header: ["page", "line", "word time", "active frames", "word"])
    for (number, page) in words.pages.enumerated() {
      let f = page.frames
      table.rows.append([
        "\(number + 1)", "", "",
        f.count == 0 ? "none" : "\(f.first)-\(f.end - 1) (\(f.count))",
        "set at \(pixels(page.text.fit.size)) px, \(page.text.fit.lineCount) line"
          + (page.text.fit.lineCount == 1 ? "" : "s"),
      ])
      for word in page.words {
        let a = word.activeFrames
        table.rows.append([
          "", "\(word.line)", "\(seconds(word.start))-\(seconds(word.end)) s",
          a.count == 0 ? "none" : "\(a.first)-\(a.end - 1) (\(a.count))",
          "\"\(word.text.count > 40 ? word.text.prefix(39) + "…" : word.text)\"",
        ])
      }
    }
    return table
  }

  /// `set at 41 px`, and how it fits where it does not wholly.
  static func textFit(_ fit: TextFitPlan) -> String {
    var words = "set at \(pixels(fit.size)) px"
    if let maxLines = fit.maxLines { words += ", \(fit.lineCount)/\(maxLines) lines" }
    if fit.ellipsized != nil { words += ", ellipsized" }
    if !fit.fits { words += ", overflows (\(fit.overflow.rawValue))" }
    return words
  }

  /// ` fade 0.5/1 s` when the layer fades in or out.
  static func fades(of layer: LayerPlan) -> String {
    guard layer.fadeIn > .zero || layer.fadeOut > .zero else { return "" }
    return " fade \(seconds(layer.fadeIn))/\(seconds(layer.fadeOut)) s"
  }

  static func audioTable(_ plan: RenderPlan) -> TextTable {
    var table = TextTable(
      header: [
        "owner", "line", "source", "stream", "format", "output samples", "starts at", "source time",
        "gain", "fade in/out",
      ] + (plan.audio.contains { $0.crossIn != nil || $0.crossOut != nil } ? ["crossed"] : []))
    let rate = Rational(Int64(plan.output.audio.sampleRate))
    for a in plan.audio {
      table.rows.append(
        [
          "\(a.owner) (\(a.ownerKind))", "\(a.location.line)", a.source,
          "a:\(a.audioStream) (#\(a.streamIndex))", "\(a.sourceSampleRate) Hz \(a.sourceLayout)",
          "\(a.firstSample)-\(a.endSample) (\(a.endSample - a.firstSample))",
          "\(seconds(Rational(a.firstSample) / rate)) s",
          "\(seconds(a.sourceIn))-\(seconds(a.sourceOut)) s\(a.loop ? " loop" : "")",
          "\(number(a.gain)) (\(decibels(a.gainDecibels)))",
          "\(a.fadeInSamples)/\(a.fadeOutSamples)",
        ] + (table.header.count > 10 ? [crossings(a)] : []))
    }
    return table
  }

  /// The equal-power ramps of a sequence item's sound: `in 96000-120000, out 182400-196800`.
  static func crossings(_ stream: AudioStreamPlan) -> String {
    let parts =
      [("in", stream.crossIn), ("out", stream.crossOut)].compactMap { name, ramp in
        ramp.map { "\(name) \($0.firstSample)-\($0.endSample)" }
      }
    return parts.isEmpty ? "-" : parts.joined(separator: ", ")
  }

  /// A sequence's items, each with its frames and times, and after each the transition that
  /// takes it out, with the frames drawn as that transition.
  static func sequenceTable(_ sequence: SequencePlan, plan: RenderPlan) -> TextTable {
    var table = TextTable(header: ["layer", "item or transition", "line", "frames", "output time"])
    func span(_ frames: FrameRange, _ start: Rational, _ end: Rational) -> [String] {
      [
        frames.count == 0 ? "none" : "\(frames.first)-\(frames.end - 1) (\(frames.count))",
        "\(seconds(start))-\(seconds(end)) s",
      ]
    }
    for (position, index) in sequence.items.enumerated() {
      let layer = plan.layers[index]
      let outgoing = sequence.transitions.first { $0.outgoing == index }
      // An item ends where the transition out of it does, or where the next one starts.
      let end =
        outgoing.map { $0.start + $0.duration }
        ?? (position + 1 < sequence.items.count
          ? plan.layers[sequence.items[position + 1]].start : sequence.end)
      table.rows.append(
        ["\(index)", layer.name, "\(layer.location.line)"] + span(layer.frames, layer.start, end))
      if let transition = outgoing {
        table.rows.append(
          ["", "  " + describe(transition), "\(transition.location.line)"]
            + span(transition.frames, transition.start, transition.start + transition.duration))
      }
    }
    return table
  }

  /// `crossfade, 500 ms`, `wipe left softness 0.1, 400 ms, in_out`.
  static func describe(_ transition: TransitionPlan) -> String {
    var words = [transition.style.kind.rawValue]
    switch transition.style {
    case .crossfade: break
    case .dip(let color): words.append("to \(color)")
    case .wipe(let direction, let softness):
      words.append(direction.rawValue)
      if softness > 0 { words.append("softness \(number(softness))") }
    case .slide(let direction), .push(let direction): words.append(direction.rawValue)
    case .luma(let pattern, let softness):
      words.append(pattern.path)
      if softness > 0 { words.append("softness \(number(softness))") }
    }
    let milliseconds = (transition.duration * Rational(1000)).doubleValue
    var text = words.joined(separator: " ") + ", \(decibelNumber(milliseconds)) ms"
    if transition.ease != .linear { text += ", \(ease(transition.ease))" }
    return text
  }

  /// `limiter true-peak -1 dBTP`, `limiter -1 dBFS` or `limiter off`.
  static func limiter(_ limiter: LimiterPlan?) -> String {
    guard let limiter else { return "limiter off" }
    let ceiling = decibelNumber(limiter.ceilingDecibels)
    switch limiter.detection {
    case .samplePeak: return "limiter \(ceiling) dBFS"
    case .truePeak: return "true-peak limiter \(ceiling) dBTP"
    }
  }

  static func duckTable(_ plan: RenderPlan) -> TextTable {
    var table = TextTable(header: [
      "owner", "line", "under", "by", "threshold", "attack", "release",
    ])
    let rate = Rational(Int64(plan.output.audio.sampleRate))
    let milliseconds = { (samples: Int64) in
      "\(decibelNumber((Rational(samples) * Rational(1000) / rate).doubleValue)) ms"
    }
    for duck in plan.ducking {
      table.rows.append([
        "\(duck.owner) (\(duck.ownerKind))", "\(duck.location.line)",
        duck.under.joined(separator: ", "), "\(decibelNumber(duck.depthDecibels)) dB",
        "\(decibelNumber(duck.thresholdDecibels)) dB RMS", milliseconds(duck.attackSamples),
        milliseconds(duck.releaseSamples),
      ])
    }
    return table
  }

  static func speechTable(_ speech: [SpeechPlan]) -> TextTable {
    var table = TextTable(
      header: ["track", "line", "engine", "voice", "rate", "text", "length", "words", "cache"])
    for s in speech {
      table.rows.append([
        s.track, "\(s.location.line)", s.engine, s.voice, "\(s.rate)",
        (s.textFile.map { "\($0), " } ?? "") + "\(s.characters) characters",
        "\(seconds(s.length)) s", "\(s.words)",
        (s.fromCache ? "reused " : "made ") + String(s.key.prefix(12)),
      ])
    }
    return table
  }

  static func inputTable(_ plan: RenderPlan) -> TextTable {
    var table = TextTable(header: ["path", "duration", "video", "audio"])
    for input in plan.inputs {
      let path = input.path + (input.readBy.map { " (read by \($0))" } ?? "")
      guard let f = input.facts else {
        table.rows.append([
          input.isProject ? "\(path) (project)" : "\(path) (subtitles)", "-", "-", "-",
        ])
        continue
      }
      let video =
        f.video.map { v in
          // A still picture has no rate (an image reader's default is no fact of the file),
          // and R′G′B′ samples no Y′CbCr matrix or range.
          let format = v.pixelFormat
          let yuv = format.hasPrefix("yuv") || format.hasPrefix("nv") || format.hasPrefix("p0")
          var parts = [
            "\(v.codec) \(v.width)x\(v.height)",
            v.isStillPicture
              ? "still" : v.frameRate.map { "\(FrameRate.describe($0)) fps" } ?? "? fps",
            yuv
              ? "\(format) \(v.colorMatrix) \(v.colorRange)"
              : format.hasPrefix("gray") ? "\(format) \(v.colorRange)" : format,
          ]
          if v.rotation != 0 { parts.append("rotate \(v.rotation)") }
          if v.sampleAspectRatio != .one { parts.append("SAR \(v.sampleAspectRatio)") }
          return parts.joined(separator: ", ")
        } ?? "-"
      let audio =
        f.audio.isEmpty
        ? "-"
        : f.audio.enumerated().map {
          "a:\($0.offset) \($0.element.sampleRate) Hz \($0.element.layout)"
        }
        .joined(separator: "; ")
      let still = f.video?.isStillPicture == true && f.audio.isEmpty
      table.rows.append([
        path, still ? "-" : f.duration.map { "\(seconds($0)) s" } ?? "?", video, audio,
      ])
    }
    return table
  }

  private static func seconds(_ value: Rational) -> String { TimeFormat.seconds(value) }

  private static func number(_ value: Double) -> String {
    String(format: "%.3g", value)
  }

  /// `-23`, `-0.5`, `150`: a level, a length or a size as written, up to two decimals.
  private static func decibelNumber(_ value: Double) -> String {
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  private static func decibels(_ value: Double?) -> String {
    value.map { String(format: "%+.1f dB", $0) } ?? "-inf dB"
  }
}

extension PlanTable {
  /// `text` with every line indented two spaces, as a child's plan is shown inside its parent's.
  static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.isEmpty ? "" : "  " + $0
    }.joined(separator: "\n")
  }
}

public import Diagnostics
import Foundation
import PlanValues
public import ProjectFile
import RenderPlan
public import Timeline

/// What planning gave: a plan when one could be made, and every problem found.
public struct PlanResult: Sendable {
  /// The plan; `nil` when an error stopped it.
  public var plan: RenderPlan?
  /// Errors and warnings, in file order.
  public var diagnostics: [Diagnostic]
}

/// Turns a spec and its media facts into an explicit, integer-timed plan.
///
/// Call it only for a spec without errors, whose every media file has facts; it reports the
/// problems that need the whole picture (an output duration that cannot be determined).
public enum Planner {
  /// The plan format's version.
  public static let planVersion = 10
  /// A lossy audio codec's bit rate when the file gives none.
  public static let defaultBitrate = 192_000

  /// The audio bit rate `format` is encoded at: the one `choice` asks for, else the default,
  /// for a lossy codec; none for a lossless one or no sound.
  public static func bitrate(of format: OutputFormat, choice: OutputFormatChoice) -> Int? {
    guard format.audio?.hasBitrate == true else { return nil }
    return choice.bitrate ?? defaultBitrate
  }
  /// Slack when picking a source frame: absorbs time-base rounding.
  public static let pickTolerance = Rational(1, 1000)

  /// Plans `spec` with `facts` keyed by resolved path and `fonts` keyed by font description
  /// (a text layer whose font has no facts is planned with the font it asked for); `texts`
  /// measures each text layer, to choose its size and find whether it fits. `children` are the
  /// plans of the projects its `project:` layers draw, by `ProjectLayerSpec.key(in:)`, planned
  /// at this project's frame rate and audio format; `facts` holds their
  /// `CompositionPlan.facts` under the same keys.
  public static func plan(
    _ spec: ProjectSpec, facts: [String: MediaFacts], fonts: [String: FontFacts] = [:],
    texts: any TextFitting, children: [String: RenderPlan] = [:]
  ) -> PlanResult {
    // Times that follow other things are resolved first, against the same facts.
    let times = PlanBuilder(
      spec: spec, facts: facts, fonts: fonts, texts: texts, children: children
    ).resolvingTimeReferences()
    guard let resolved = times.spec else {
      return PlanResult(plan: nil, diagnostics: times.diagnostics.sortedByLocation())
    }
    var builder = PlanBuilder(
      spec: resolved, facts: facts, fonts: fonts, texts: texts, children: children)
    var plan = builder.build()
    plan?.writtenTimes = times.written.isEmpty ? nil : times.written
    let diagnostics = times.diagnostics + builder.diagnostics
    // An error found while planning (a text that must fit and cannot) leaves no plan to run.
    return PlanResult(
      plan: diagnostics.hasErrors ? nil : plan, diagnostics: diagnostics.sortedByLocation())
  }
}

/// A clip's resolved times: where it starts on the output, which source range plays, and where
/// it ends on the output (`nil`: it has no natural end and plays to the output's end).
struct ClipTiming {
  var start: Rational
  var sourceIn: Rational
  var sourceOut: Rational
  var loop: Bool
  var end: Rational?

  /// Where the source runs out on the output (`nil` when looping).
  var sourceEnd: Rational? { loop ? nil : start + (sourceOut - sourceIn) }
}

struct PlanBuilder {
  let spec: ProjectSpec
  let facts: [String: MediaFacts]
  let fonts: [String: FontFacts]
  let texts: any TextFitting
  /// The child projects' plans, by `ProjectLayerSpec.key(in:)`.
  let children: [String: RenderPlan]
  var diagnostics: [Diagnostic] = []
  /// The child projects drawn so far, and each one's index among them by its key.
  var compositions: [CompositionPlan] = []
  var compositionIndex: [String: Int] = [:]
  /// Every text measured so far, by what decides its fit.
  var measured: [TextFitRequest: Result<TextFitResult, TextFitFailure>] = [:]

  var fps: Rational { spec.output.fps.value }

  func media(_ path: Located<String>) -> MediaFacts? {
    facts[ProjectPaths.resolve(path.value, in: spec.directory)]
  }

  func display(_ path: Located<String>) -> String {
    ProjectPaths.display(path.value)
  }

  mutating func build() -> RenderPlan? {
    let layouts = spec.layers.map { layer -> StackEntryTiming? in
      guard case .sequence(let sequence) = layer.content else {
        return layerTiming(layer).map { .layer($0) }
      }
      return sequenceLayout(layer, sequence).map { .sequence($0) }
    }
    guard case .success(let format) = decidedFormat else {
      if case .failure(let problem) = decidedFormat {
        diagnostics.append(
          .error(
            "bad-output-format", problem.message, at: spec.output.file.location,
            help: problem.help))
      }
      return nil
    }
    // A sequence whose items' lengths do not fit its transitions cannot be placed.
    guard !diagnostics.hasErrors else { return nil }
    guard let duration = outputDuration(layouts.map { $0?.end }) else { return nil }
    let frameCount = TimeGrid.frameCount(duration, fps: fps)
    guard frameCount > 0 else {
      diagnostics.append(
        .error(
          "empty-output",
          "the output would have no frames (\(TimeFormat.seconds(duration)) s at \(FrameRate.describe(fps)) fps)",
          at: spec.output.duration.location))
      return nil
    }
    let rate = spec.output.audio.sampleRate.value
    let sampleCount = TimeGrid.sample(at: Rational(frameCount) / fps, rate: Int64(rate))
    var layers: [LayerPlan] = []
    var audio: [AudioStreamPlan] = []
    var sequences: [SequencePlan] = []
    for (layer, layout) in zip(spec.layers, layouts) {
      guard let layout else { continue }
      guard case .layer(let timing) = layout else {
        if case .sequence(let sequenceLayout) = layout,
          case .sequence(let sequence) = layer.content
        {
          sequences.append(
            planSequence(
              layer, sequence, sequenceLayout, frameCount: frameCount, sampleCount: sampleCount,
              layers: &layers, audio: &audio))
        }
        continue
      }
      let planned = layerPlan(layer, timing, frameCount: frameCount)
      layers.append(planned)
      if planned.frames.count == 0 {
        diagnostics.append(
          .warning(
            "never-shown",
            "layer '\(layer.name.value)' is never shown: it starts at \(TimeFormat.seconds(timing.start)) s, after the output ends at \(TimeFormat.seconds(Rational(frameCount) / fps)) s",
            at: layer.start.location))
      }
      if let video = layer.content.playedVideo, !video.audio.mute.value {
        let composition = composition(of: layer)
        audio += audioPlans(
          owner: layer.name.value, kind: "layer", location: layer.location,
          source: video.clip.source, media: playedFacts(layer), composition: composition,
          mix: video.audio, timing: timing, sampleCount: sampleCount)
      }
    }
    diagnostics += fontWarnings()
    for track in spec.audioTracks where !track.mix.mute.value {
      guard let timing = trackTiming(track) else { continue }
      if TimeGrid.sample(at: timing.start, rate: Int64(rate)) >= sampleCount {
        diagnostics.append(
          .warning(
            "never-heard",
            "audio track '\(track.name.value)' is never heard: it starts at \(TimeFormat.seconds(timing.start)) s, after the output ends",
            at: track.start.location))
        continue
      }
      audio += audioPlans(
        owner: track.name.value, kind: "track", location: track.location, source: track.clip.source,
        media: media(track.clip.source), composition: nil, mix: track.mix, timing: timing,
        sampleCount: sampleCount)
    }
    var ducking = duckPlans(audio: audio)
    if format.audio == nil, !audio.isEmpty {
      // A picture format has no sound: the plan makes no mix rather than one nobody hears.
      diagnostics.append(
        .warning(
          "no-sound",
          "\(format.container.displayName) has no sound: the project's \(audio.count) sound "
            + "stream\(audio.count == 1 ? " is" : "s are") not mixed or written",
          at: spec.output.file.location,
          help: "render a .mp4, .mov, .mkv or .webm for the sound"))
      audio = []
      ducking = []
    }
    var plan = RenderPlan(
      planVersion: Planner.planVersion,
      output: outputPlan(duration: duration, frameCount: frameCount, sampleCount: sampleCount),
      inputs: inputs(), layers: layers, audio: audio, ducking: ducking, sequences: sequences,
      compositions: compositions, directory: spec.directory)
    plan.speech = speechPlans()
    return checkChildRenderers(plan) ? plan : nil
  }

  // MARK: timing

  /// A video layer's timing from its clip; any other layer starts at `start` and has no natural
  /// end unless it has a `duration`.
  func layerTiming(_ layer: LayerSpec) -> ClipTiming? {
    guard let video = layer.content.playedVideo else {
      let start = layer.start.value.seconds(fps: fps)
      return ClipTiming(
        start: start, sourceIn: .zero, sourceOut: .zero, loop: false,
        end: layer.duration.map { start + $0.value.seconds(fps: fps) })
    }
    guard let length = playedFacts(layer)?.videoDuration else { return nil }
    return timing(
      start: layer.start.value, duration: layer.duration?.value, clip: video.clip, length: length)
  }

  func trackTiming(_ track: AudioTrackSpec) -> ClipTiming? {
    guard let media = media(track.clip.source) else { return nil }
    let streams = MediaChecks.selectedStreams(track.mix.streams.value, count: media.audio.count)
    guard let length = media.audioDuration(of: streams) else { return nil }
    return timing(
      start: track.start.value, duration: track.duration?.value, clip: track.clip, length: length)
  }

  private func timing(start: TimeValue, duration: TimeValue?, clip: ClipSpec, length: Rational)
    -> ClipTiming
  {
    timing(start: start.seconds(fps: fps), duration: duration, clip: clip, length: length)
  }

  func timing(start: Rational, duration: TimeValue?, clip: ClipSpec, length: Rational)
    -> ClipTiming
  {
    let sourceIn = clip.inPoint.value.seconds(fps: fps)
    let sourceOut = min(clip.outPoint?.value.seconds(fps: fps) ?? length, length)
    var end: Rational? = nil
    if let duration {
      end = start + duration.seconds(fps: fps)
    } else if !clip.loop.value {
      end = start + (sourceOut - sourceIn)
    }
    return ClipTiming(
      start: start, sourceIn: sourceIn, sourceOut: sourceOut, loop: clip.loop.value, end: end)
  }

  /// The output's length by its rule, from each stack entry's end (`nil`: none of its own).
  mutating func outputDuration(_ entryEnds: [Rational?]) -> Rational? {
    let rule = spec.output.duration
    let ends = entryEnds.compactMap { $0 }
    switch rule.value {
    case .exactly(let time):
      return time.seconds(fps: fps)
    case .longest, .shortest:
      guard !ends.isEmpty else {
        diagnostics.append(
          .error(
            "undetermined-duration",
            "output.duration cannot be determined: no layer has a natural end",
            at: rule.location,
            notes: (rule.location == spec.output.location
              ? [.init("output.duration is not given, so it is 'longest'")] : [])
              + [
                .init(
                  "images, fills, text and looped videos play until the output ends, so they cannot set its length"
                )
              ],
            help: "give output.duration a time, such as 'duration: 10s', or a layer a 'duration'"))
        return nil
      }
      return rule.value == .longest ? ends.max() : ends.min()
    }
  }

  // MARK: plans

  /// The output's format, decided from what the file asks (`OutputFormat.decide`, the one
  /// rule the reader checked the file by, so it fails only for a spec with errors).
  var decidedFormat: Result<OutputFormat, OutputFormatProblem> {
    let output = spec.output
    guard let container = OutputContainer.of(path: output.file.value) else {
      return .failure(.init(.file, "output.file has no extension chromake writes"))
    }
    return OutputFormat.decide(
      container: container, choice: output.formatChoice,
      transparent: output.background.value == .transparent,
      sampleRate: output.audio.sampleRate.value)
  }

  func outputPlan(duration: Rational, frameCount: Int64, sampleCount: Int64) -> OutputPlan {
    let output = spec.output
    let file = ProjectPaths.display(output.file.value)
    // Never used when the decision fails: `build` then plans nothing.
    let format =
      (try? decidedFormat.get()) ?? OutputFormat(container: .mp4, video: .h264, audio: .aac)
    return OutputPlan(
      file: file, format: format, formatChoice: output.formatChoice,
      width: output.size.value.width, height: output.size.value.height, fps: fps,
      frameCount: frameCount, duration: Rational(frameCount) / fps,
      durationRule: {
        switch output.duration.value {
        case .longest: "longest"
        case .shortest: "shortest"
        case .exactly: "explicit"
        }
      }(),
      background: output.background.value,
      audio: AudioEncodingPlan(
        sampleRate: output.audio.sampleRate.value, channels: output.audio.channels.value,
        bitrate: Planner.bitrate(of: format, choice: output.formatChoice),
        limiter: limiterPlan(), loudness: loudnessPlan(), sampleCount: sampleCount),
      segment: output.segment?.value,
      poster: output.poster.map { poster in
        PosterPlan(
          file: display(poster.file),
          format: PosterFormat.of(path: poster.file.value) ?? .png,
          frame: frame(showingAt: poster.at.value.seconds(fps: fps), frameCount: frameCount))
      })
  }

  /// The frame on screen at `time`: the last one starting at or before it, within the output.
  func frame(showingAt time: Rational, frameCount: Int64) -> Int64 {
    let first = TimeGrid.firstFrame(atOrAfter: time, fps: fps)
    let shown = TimeGrid.time(ofFrame: first, fps: fps) == time ? first : first - 1
    return min(max(shown, 0), frameCount - 1)
  }

  mutating func layerPlan(_ layer: LayerSpec, _ timing: ClipTiming, frameCount: Int64)
    -> LayerPlan
  {
    let first = min(frameCount, TimeGrid.firstFrame(atOrAfter: timing.start, fps: fps))
    var end =
      timing.end.map { min(frameCount, TimeGrid.firstFrame(atOrAfter: $0, fps: fps)) } ?? frameCount
    if let video = layer.content.playedVideo, video.afterEnd.value == .hide,
      let sourceEnd = timing.sourceEnd
    {
      end = min(end, TimeGrid.firstFrame(atOrAfter: sourceEnd, fps: fps))
    }
    let size = spec.output.size.value
    let box =
      layer.box.map(animated)
      ?? Animated(
        constant: FrameRect(
          x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
    let content: LayerContent
    var key: KeyPlan?
    switch layer.content {
    case .video(let video):
      content = .video(
        VideoClipPlan(
          source: display(video.clip.source), matte: video.matte.map(display),
          sourceIn: timing.sourceIn, sourceOut: timing.sourceOut, loop: timing.loop,
          afterEnd: video.afterEnd.value, pickTolerance: Planner.pickTolerance,
          display: pictureDisplay(video.clip.source)))
      key = video.key.map(keyPlan)
    case .image(let image):
      content = .image(
        ImagePlan(path: display(image.path), display: pictureDisplay(image.path)))
      key = image.key.map(keyPlan)
    case .project(let project):
      content = .project(
        ProjectClipPlan(
          composition: composition(of: layer) ?? 0,
          clip: VideoClipPlan(
            source: display(project.file), matte: project.video.matte.map(display),
            sourceIn: timing.sourceIn, sourceOut: timing.sourceOut, loop: timing.loop,
            afterEnd: project.video.afterEnd.value, pickTolerance: Planner.pickTolerance,
            // The child is drawn in the output's own colours, upright and square.
            display: PictureDisplay(
              rotation: 0, sampleAspectRatio: .one, frameRate: fps, colorMatrix: "bt709",
              colorRange: "limited"))))
      key = project.video.key.map(keyPlan)
    case .fill(let color):
      content = .fill(color.value)
    case .text(let text):
      content = .text(textPlan(text, layer: layer, box: box))
    case .sequence:
      preconditionFailure("a sequence is planned by planSequence, never as one layer")
    case .captions(let captions):
      content = .captions(
        captionsPlan(
          captions, layer: layer, start: timing.start,
          frames: FrameRange(first: first, end: max(first, end)), box: box,
          endsWithOutput: end == frameCount))
    }
    var plan = LayerPlan(
      name: layer.name.value, location: PlanLocation(layer.location),
      frames: FrameRange(first: first, end: max(first, end)), start: timing.start, box: box,
      fit: fit(of: layer, content: content),
      opacity: animated(layer.opacity), rotation: animated(layer.rotation),
      fadeIn: layer.fadeIn.value.seconds(fps: fps),
      fadeOut: layer.fadeOut.value.seconds(fps: fps), key: key, content: content)
    plan.effects = LayerEffects(
      blur: layer.effects.blur.map(animated),
      cornerRadius: layer.effects.cornerRadius.map(animated),
      shadow: layer.effects.shadow?.value,
      lut: layer.effects.lut.flatMap { lut in
        lut.value.isEmpty
          ? nil : LUT(path: display(lut), mix: layer.effects.lutMix?.value ?? 1)
      },
      adjustments: layer.effects.adjustments.mapValues(animated))
    return plan
  }

  /// How a file's pictures are shown, from its probed facts. Media checks have already made
  /// sure a visual layer's file has a picture stream; square, upright and BT.709 limited is
  /// only what a file with no picture facts (never planned) would get.
  func pictureDisplay(_ path: Located<String>) -> PictureDisplay {
    let video = media(path)?.video
    return PictureDisplay(
      rotation: video?.rotation ?? 0, sampleAspectRatio: video?.sampleAspectRatio ?? .one,
      frameRate: video?.frameRate, colorMatrix: video?.colorMatrix ?? "bt709",
      colorRange: video?.colorRange ?? "limited")
  }

  /// A warning at each text layer's `font` whose family is not installed, naming the family
  /// used in its place.
  func fontWarnings() -> [Diagnostic] {
    spec.drawnLayers.compactMap { layer in
      guard let text = layer.content.textStyle, let font = fonts[text.font.value],
        !font.isExact
      else { return nil }
      return .warning(
        "font-not-installed",
        "layer '\(layer.name.value)': the font family '\(font.requested)' is not installed; '\(font.resolved)' is used instead",
        at: text.font.location, notes: text.font.substitutionNotes,
        help: "install the font, or pick an installed family ('fc-list : family' lists them)")
    }
  }

  func keyPlan(_ key: KeySpec) -> KeyPlan {
    KeyPlan(
      color: key.color.value, similarity: key.similarity.value,
      smoothness: key.smoothness.value, spill: key.spill.value)
  }

  /// The fit that applies: a fill's one pixel stretches over its box; a text picture is made
  /// for its box (its largest, when the box changes size), so `contain` draws it at exactly
  /// its box where the box holds still, and scales it with its shape kept where the box grows
  /// or shrinks; anything else fits as written.
  func fit(of layer: LayerSpec, content: LayerContent) -> Fit {
    switch content.kind {
    // A picture made for its box has no bars for `contain-blur` to fill.
    case .fill: .stretch
    case .text, .captions: .contain
    case .video, .image, .project: layer.fit.value
    }
  }

  /// Keyframes at exact times on the layer's clock (`45f` counted at the output's rate).
  func animated<Value: Interpolating>(_ spec: AnimatedSpec<Value>) -> Animated<Value> {
    Animated(
      keyframes: spec.keyframes.map {
        Keyframe(at: $0.at.value.seconds(fps: fps), value: $0.value.value, ease: $0.ease.value)
      })
  }

  /// The streams of a layer's or track's source in the mix; `media` are the source's facts,
  /// and `composition` the child project whose mix it is, if it is one.
  func audioPlans(
    owner: String, kind: String, location: SourceLocation, source: Located<String>,
    media: MediaFacts?, composition: Int?, mix: AudioMixSpec, timing: ClipTiming,
    sampleCount: Int64
  ) -> [AudioStreamPlan] {
    guard let media else { return [] }
    let rate = Int64(spec.output.audio.sampleRate.value)
    let first = min(sampleCount, TimeGrid.sample(at: timing.start, rate: rate))
    var end =
      timing.end.map { min(sampleCount, TimeGrid.sample(at: $0, rate: rate)) } ?? sampleCount
    if let sourceEnd = timing.sourceEnd {
      end = min(end, TimeGrid.sample(at: sourceEnd, rate: rate))
    }
    guard end > first else { return [] }
    let gain = mix.gain.value
    return MediaChecks.selectedStreams(mix.streams.value, count: media.audio.count).map { index in
      let stream = media.audio[index]
      return AudioStreamPlan(
        owner: owner, ownerKind: kind, location: PlanLocation(location), source: display(source),
        audioStream: index, streamIndex: stream.streamIndex, sourceSampleRate: stream.sampleRate,
        sourceLayout: stream.layout, firstSample: first, endSample: end,
        sourceIn: timing.sourceIn, sourceOut: timing.sourceOut, loop: timing.loop,
        composition: composition, gain: gain.linear,
        gainDecibels: gain.linear == 0 ? nil : gain.decibels ?? 20 * log10(gain.linear),
        fadeInSamples: TimeGrid.sample(at: mix.fadeIn.value.seconds(fps: fps), rate: rate),
        fadeOutSamples: TimeGrid.sample(at: mix.fadeOut.value.seconds(fps: fps), rate: rate))
    }
  }

  func inputs() -> [InputPlan] {
    var seen: [String: InputPlan] = [:]
    for ref in spec.mediaReferences {
      let path = ProjectPaths.display(ref.path.value)
      if seen[path] == nil, let media = facts[ref.resolved] {
        seen[path] = InputPlan(path: path, facts: media)
      }
    }
    for layer in spec.drawnLayers {
      guard case .captions(let captions) = layer.content, !captions.file.value.isEmpty,
        captions.spokenBy == nil
      else {
        continue
      }
      let path = ProjectPaths.display(captions.file.value)
      if seen[path] == nil { seen[path] = InputPlan(path: path, facts: nil) }
    }
    // A text a track speaks: its speech is made from it, so a change to it is a change.
    for track in spec.audioTracks {
      guard case .file(let file) = track.speech?.origin, !file.value.isEmpty else { continue }
      let path = ProjectPaths.display(file.value)
      if seen[path] == nil { seen[path] = InputPlan(path: path, facts: nil) }
    }
    // A look's table, read by the renderer: not probed, but fingerprinted and in the depfile.
    for layer in spec.drawnLayers {
      guard let lut = layer.effects.lut, !lut.value.isEmpty else { continue }
      let path = ProjectPaths.display(lut.value)
      if seen[path] == nil { seen[path] = InputPlan(path: path, facts: nil) }
    }
    // A child's file and every input of it (its own children's included), named as this
    // project names paths, so the fingerprint, `deps` and `--explain` cover them all.
    for composition in compositions {
      if seen[composition.file] == nil {
        seen[composition.file] = InputPlan(path: composition.file, facts: nil, isProject: true)
      }
      for input in composition.plan.inputs {
        let path = Self.rebase(input.path, from: composition.file)
        if seen[path] == nil {
          seen[path] = InputPlan(
            path: path, facts: input.facts,
            readBy: input.readBy.map { Self.rebase($0, from: composition.file) }
              ?? composition.file,
            isProject: input.isProject)
        }
      }
    }
    return seen.values.sorted { $0.path < $1.path }
  }

  /// A path as the child project at `child` names it (relative to the child's folder, or
  /// absolute), as this project names it.
  static func rebase(_ path: String, from child: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    let folder = child.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    return folder.isEmpty ? path : ProjectPaths.display(folder + "/" + path)
  }

  /// The facts of what `layer` plays like a video (see `LayerSpec.playedFacts`).
  func playedFacts(_ layer: LayerSpec) -> MediaFacts? {
    layer.playedFacts(in: spec.directory, facts: facts)
  }

  /// The index in `compositions` of the child a `project:` layer draws, added on first use:
  /// every use of one file with the same variables draws the same plan. `nil` for other
  /// layers, and for a child that has no plan (its errors are reported).
  mutating func composition(of layer: LayerSpec) -> Int? {
    guard case .project(let project) = layer.content else { return nil }
    let key = project.key(in: spec.directory)
    if let index = compositionIndex[key] { return index }
    guard let plan = children[key] else { return nil }
    compositions.append(
      CompositionPlan(
        file: display(project.file), variables: project.variableValues,
        plan: CompositionPlan.asChild(
          plan, parent: outputPlan(duration: .zero, frameCount: 0, sampleCount: 0))))
    compositionIndex[key] = compositions.count - 1
    return compositions.count - 1
  }
}

extension PlanLocation {
  init(_ location: SourceLocation) {
    self.init(line: location.line, column: location.column)
  }
}

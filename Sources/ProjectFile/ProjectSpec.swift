public import Diagnostics
public import PlanValues
public import Timeline

/// A project file as read: every value typed and located, defaults filled in, nothing yet
/// checked against the media it names.
public struct ProjectSpec: Sendable {
  /// The project file's path as the user gave it.
  public var path: String
  /// The absolute folder relative paths in the file resolve against.
  public var directory: String
  /// The format version (always 1 for a spec that loaded).
  public var version: Located<Int>
  /// What to write.
  public var output: OutputSpec
  /// Visual layers, bottom first.
  public var layers: [LayerSpec]
  /// Audio-only tracks.
  public var audioTracks: [AudioTrackSpec]
  /// The speech engines declared as commands under `engines:`.
  public var engines: [EngineSpec] = []
  /// The variables' effective values (file defaults overridden by `--set`), by name.
  public var variables: [String: Located<String>]
  /// The times written as references to other things (`voice.end + 300ms`), by the location
  /// of the field each was written in; those fields hold zero until the planner resolves them.
  public var timeReferences: [SourceLocation: TimeReferenceSpec] = [:]
  /// The names of layers, items and tracks left out by their `when`, where they are written,
  /// so that a time following one can say so.
  public var leftOutNames: [Located<String>] = []
}

/// The `output:` mapping.
public struct OutputSpec: Sendable {
  /// The mapping's own location.
  public var location: SourceLocation
  /// The output path as written (after templating).
  public var file: Located<String>
  /// Frame size.
  public var size: Located<FrameSize>
  /// Constant frame rate.
  public var fps: Located<Rational>
  /// How the duration is chosen.
  public var duration: Located<DurationRule>
  /// What lies under the bottom layer: a colour, or nothing.
  public var background: Located<OutputBackground>
  /// Video encoder settings.
  public var video: VideoSettings
  /// Audio format and encoder settings.
  public var audio: AudioSettings
  /// The length of the video's independently encoded pieces, in seconds; `nil`: one piece.
  public var segment: Located<Rational>? = nil
  /// A still of one frame written with the render, when asked for.
  public var poster: PosterSpec? = nil

  /// What the file asks of the format.
  public var formatChoice: OutputFormatChoice {
    OutputFormatChoice(
      videoCodec: video.codec?.value, crf: video.crf?.value, preset: video.preset?.value,
      speed: video.speed?.value, alpha: video.alpha?.value ?? false,
      audioCodec: audio.codec?.value, bitrate: audio.bitrate?.value)
  }
}

/// `output.poster`: one frame written as a picture beside the render.
public struct PosterSpec: Sendable {
  /// The mapping's location.
  public var location: SourceLocation
  /// `.png`, `.jpg`/`.jpeg` or `.webp`.
  public var file: Located<String>
  /// The output time of the frame: the frame showing then.
  public var at: Located<TimeValue>
}

/// `output.video`: each setting as given, nil where the file leaves it to the container and
/// codec (`OutputFormat.decide` fills it in).
public struct VideoSettings: Sendable {
  public var codec: Located<VideoCodec>? = nil
  /// The constant-quality setting; its range depends on the codec.
  public var crf: Located<Int>? = nil
  /// The x264-family preset name.
  public var preset: Located<String>? = nil
  /// VP9's and AV1's numbered speed.
  public var speed: Located<Int>? = nil
  /// Whether the output keeps the composition's transparency.
  public var alpha: Located<Bool>? = nil

  /// Nothing asked: the container's defaults.
  public init() {}
}

/// `output.audio`.
public struct AudioSettings: Sendable {
  /// Samples per second.
  public var sampleRate: Located<Int>
  /// 1, 2 or 6.
  public var channels: Located<Int>
  /// The audio codec, when given.
  public var codec: Located<AudioCodec>? = nil
  /// A lossy codec's bit rate in bits per second, when given.
  public var bitrate: Located<Int>? = nil
  /// Whether the look-ahead limiter runs.
  public var limiter: Located<Bool>
  /// The integrated loudness the mix is brought to, when given.
  public var loudness: Located<LoudnessTarget>?
  /// The true-peak ceiling in dBTP, when given (−1 whenever `loudness` is set without it).
  public var truePeak: Located<Double>?
}

/// `output.audio.loudness`: a level in LUFS, and the standard it was named by, if any.
public struct LoudnessTarget: Hashable, Sendable {
  /// Integrated loudness, LUFS.
  public var lufs: Double
  /// `ebu-r128`, `atsc-a85` or `streaming` when written as a name.
  public var name: String?

  /// The named targets: EBU R128 (−23 LUFS), ATSC A/85 (−24 LKFS), streaming platforms (−14).
  public static let named: [(name: String, lufs: Double)] = [
    ("ebu-r128", -23), ("atsc-a85", -24), ("streaming", -14),
  ]
}

/// One entry of `layers:`.
public struct LayerSpec: Sendable {
  /// The layer's mapping.
  public var location: SourceLocation
  /// Unique name.
  public var name: Located<String>
  /// Output time at which the layer first shows.
  public var start: Located<TimeValue>
  /// How long it shows, when given.
  public var duration: Located<TimeValue>?
  /// 0–1, multiplies alpha; may change over time.
  public var opacity: AnimatedSpec<Double>
  /// Where it goes, in output pixels (percentages already resolved); may change over time;
  /// `nil` means the whole frame.
  public var box: AnimatedSpec<FrameRect>?
  /// Degrees clockwise about the box's centre; may change over time.
  public var rotation: AnimatedSpec<Double>
  /// How the picture fills the box.
  public var fit: Located<Fit>
  /// Linear opacity ramp up from the layer's start.
  public var fadeIn: Located<TimeValue>
  /// Linear opacity ramp down to the layer's end.
  public var fadeOut: Located<TimeValue>
  /// What the layer shows.
  public var content: LayerContentSpec
  /// Blur, rounded corners and shadow.
  public var effects = LayerEffectsSpec()
}

/// A layer's effects as written (`blur`, `corner_radius`, `shadow`, `lut`, the adjustments).
public struct LayerEffectsSpec: Sendable {
  public var blur: AnimatedSpec<Double>?
  public var cornerRadius: AnimatedSpec<CornerRadius>?
  public var shadow: Located<Shadow>?
  /// `lut`: a `.cube` file's path.
  public var lut: Located<String>?
  /// `lut_mix`: how much of the look, 0 to 1.
  public var lutMix: Located<Double>?
  /// The colour adjustments (`EffectDescriptor.adjustments`), by key.
  public var adjustments: [String: AnimatedSpec<Double>] = [:]

  public init() {}
}

/// What a layer shows: exactly one kind per layer.
public enum LayerContentSpec: Sendable {
  /// A video file (`source:`).
  case video(VideoLayerSpec)
  /// A still picture file (`image:`).
  case image(ImageLayerSpec)
  /// A solid colour filling the box (`fill:`).
  case fill(Located<RGBAColor>)
  /// Typeset text (`text:`).
  case text(TextLayerSpec)
  /// Timed text from a subtitle file (`captions:`).
  case captions(CaptionsLayerSpec)
  /// Items one after another, with transitions between them (`sequence:`).
  case sequence(SequenceSpec)
  /// Another project file, drawn as one picture (`project:`).
  case project(ProjectLayerSpec)

  /// The YAML key that chose the kind.
  public var kind: String {
    switch self {
    case .video: "source"
    case .image: "image"
    case .fill: "fill"
    case .text: "text"
    case .captions: "captions"
    case .sequence: "sequence"
    case .project: "project"
    }
  }
}

extension LayerContentSpec {
  /// The keys by which the layer plays like a video: a `source` layer's, or a `project`
  /// layer's (its file in the clip's place); nil for other kinds.
  public var playedVideo: VideoLayerSpec? {
    switch self {
    case .video(let video): video
    case .project(let project): project.video
    case .image, .fill, .text, .captions, .sequence: nil
    }
  }

  /// How the layer's text is set: a text layer's keys, or a captions layer's, whose every cue
  /// is set so; `nil` for layers that show no text.
  public var textStyle: TextLayerSpec? {
    switch self {
    case .text(let text): text
    case .captions(let captions): captions.style
    case .video, .image, .fill, .sequence, .project: nil
    }
  }
}

/// The `sequence:` of a layer: its items, which play one after another on their own clocks,
/// and what joins each one to the next.
public struct SequenceSpec: Sendable {
  /// The list's location.
  public var location: SourceLocation
  /// The items shown (those whose `when` is false left out), in order; each is a layer whose
  /// `start` is zero, as its time is placed by the sequence.
  public var items: [LayerSpec]
  /// `transitions[i]` joins `items[i]` to `items[i + 1]`; `nil` is a cut. One fewer than the
  /// items (none when there are none).
  public var transitions: [TransitionSpec?]
}

/// A `transition:` entry of a sequence: the incoming item starts `duration` before the
/// outgoing one ends, and this is how the two pictures meet meanwhile.
public struct TransitionSpec: Sendable {
  /// The entry's mapping.
  public var location: SourceLocation
  /// How messages name it: `story transition 2`.
  public var subject: String
  /// Which transition.
  public var kind: Located<TransitionKind>
  /// How long the two items overlap.
  public var duration: Located<TimeValue>
  /// How the picture's progress runs over the overlap (the sound's never eases).
  public var ease: Located<Easing>
  /// Which way a wipe's edge, a slide or a push travels.
  public var direction: Located<TransitionDirection>
  /// A wipe's or luma's soft edge: 0 to 1.
  public var softness: Located<Double>
  /// A dip's colour.
  public var color: Located<RGBColor>
  /// A luma transition's greyscale pattern file.
  public var pattern: Located<String>?
}

/// The keys of a `captions` layer: a subtitle file, and the style of a text layer that each of
/// its cues is set in.
public struct CaptionsLayerSpec: Sendable {
  /// The SubRip or WebVTT file, as written (after templating).
  public var file: Located<String>
  /// The format its name says, until the file is read; then the format it was read as (a file
  /// that starts `WEBVTT` is WebVTT whatever it is called).
  public var format: SubtitleFormat
  /// Every key of a text layer; its `text` is empty, located at `captions:`, as the cues give
  /// the words.
  public var style: TextLayerSpec
  /// The file's cues, once it has been read (after the path rules allowed it); empty before.
  public var cues: [SubtitleCue] = []
  /// With `words:`, the file is a word-timed transcript shown a few words at a time.
  public var words: WordCaptionsSpec?
  /// The `speak` track whose words these are (`captions: voice`), instead of a file.
  public var spokenBy: Located<String>?
  /// The transcript's words, once read (with `words` only); empty before.
  public var transcript: [TimedWord] = []
  /// The kind of transcript the file was read as (with `words` only).
  public var transcriptFormat: WordTranscriptFormat?
}

/// The keys of an `image` layer.
public struct ImageLayerSpec: Sendable {
  /// The PNG, JPEG or WebP file, as written.
  public var path: Located<String>
  /// Chroma key, if any.
  public var key: KeySpec?
}

/// The keys of a `text` layer.
public struct TextLayerSpec: Sendable {
  /// What is written (after templating); may hold several lines.
  public var text: Located<String>
  /// A Pango font description, such as `DejaVu Sans Bold 64` (sizes in pixels).
  public var font: Located<String>
  /// The glyphs' colour.
  public var color: Located<RGBAColor>
  /// Horizontal placement of each line inside the box.
  public var align: Located<TextAlign>
  /// Vertical placement of the whole text inside the box.
  public var valign: Located<TextVerticalAlign>
  /// Distance between baselines as a multiple of the font's own line height.
  public var lineSpacing: Located<Double>
  /// A colour filling the whole box behind the text, if any.
  public var background: Located<RGBAColor>?
  /// Space in pixels kept free inside every edge of the box.
  public var padding: Located<Int>
  /// A stroke around every glyph, if any.
  public var outline: OutlineSpec?
  /// The smallest pixel size the font may shrink to so that the text fits; `nil`: no shrinking.
  public var sizeMin: Located<Int>?
  /// At most this many lines after wrapping, if given.
  public var maxLines: Located<Int>?
  /// What happens when the text cannot fit.
  public var overflow: Located<TextOverflow>
}

/// `outline:` of a text layer.
public struct OutlineSpec: Sendable {
  /// The mapping's location.
  public var location: SourceLocation
  /// How far the stroke reaches out from the glyph's edge, in pixels.
  public var width: Located<Double>
  /// The stroke's colour.
  public var color: Located<RGBAColor>
}

/// The keys of a `source` layer.
public struct VideoLayerSpec: Sendable {
  /// Which part of the source plays, and how.
  public var clip: ClipSpec
  /// What happens once the source ends before the layer does.
  public var afterEnd: Located<AfterEnd>
  /// Chroma key, if any.
  public var key: KeySpec?
  /// A luma matte file, if any.
  public var matte: Located<String>?
  /// How the source's audio joins the mix.
  public var audio: AudioMixSpec
}

/// The source file of a layer or audio track and the part of it that plays.
public struct ClipSpec: Sendable {
  /// The media file, as written.
  public var source: Located<String>
  /// Source time of the first frame or sample used.
  public var inPoint: Located<TimeValue>
  /// Source time where it stops; `nil` means the end of the source.
  public var outPoint: Located<TimeValue>?
  /// Whether `in`…`out` repeats.
  public var loop: Located<Bool>
}

/// `key:`.
public struct KeySpec: Sendable {
  /// The mapping's location.
  public var location: SourceLocation
  /// The colour keyed out.
  public var color: Located<RGBColor>
  /// CbCr distance under which a pixel is fully transparent.
  public var similarity: Located<Double>
  /// Width of the soft ramp above `similarity`.
  public var smoothness: Located<Double>
  /// How much of the key colour's cast is removed.
  public var spill: Located<Double>
}

/// Gain, mute, fades and stream choice, shared by a layer's `audio:` and an audio track.
public struct AudioMixSpec: Sendable {
  /// Applied to every selected stream.
  public var gain: Located<Gain>
  /// Leave this source's audio out.
  public var mute: Located<Bool>
  /// Linear ramp up at the start.
  public var fadeIn: Located<TimeValue>
  /// Linear ramp down at the end.
  public var fadeOut: Located<TimeValue>
  /// Which audio streams join.
  public var streams: Located<StreamSelection>
  /// Lowered while other layers or tracks sound, when given.
  public var duck: DuckSpec?
}

/// `duck:`: lower this sound while any of the named layers or tracks is audible.
public struct DuckSpec: Sendable {
  /// The mapping.
  public var location: SourceLocation
  /// Names of the layers and tracks whose sound lowers this one.
  public var under: [Located<String>]
  /// The gain while ducked (at most 0 dB).
  public var by: Located<Gain>
  /// The RMS level over 50 ms above which a named sound counts as audible.
  public var threshold: Located<Gain>
  /// How long the ramp down lasts; it ends where the named sound starts.
  public var attack: Located<TimeValue>
  /// How long the ramp back up lasts; it starts where the named sound falls silent.
  public var release: Located<TimeValue>
}

/// One entry of the top-level `audio:` list.
public struct AudioTrackSpec: Sendable {
  /// The entry's mapping.
  public var location: SourceLocation
  /// Unique name.
  public var name: Located<String>
  /// Output time at which it starts.
  public var start: Located<TimeValue>
  /// How long it plays, when given.
  public var duration: Located<TimeValue>?
  /// The file and the part of it that plays.
  public var clip: ClipSpec
  /// Gain, mute, fades and streams.
  public var mix: AudioMixSpec
  /// For a track spoken from text (`speak:`): what is said and how; its `clip.source` is the
  /// speech's cached WAV once the session has made it, empty before.
  public var speech: SpeechSpec?
}

extension ProjectSpec {
  /// Every layer that draws pictures of its own, bottom first: each layer, except that a
  /// sequence stands for its items, in order.
  public var drawnLayers: [LayerSpec] {
    layers.flatMap { layer -> [LayerSpec] in
      if case .sequence(let sequence) = layer.content { return sequence.items }
      return [layer]
    }
  }

  /// The spec with `transform` applied to every drawn layer (a sequence's items, in their
  /// sequence), keeping the stack's shape.
  public func mappingDrawnLayers(_ transform: (LayerSpec) -> LayerSpec) -> ProjectSpec {
    var spec = self
    spec.layers = layers.map { layer in
      guard case .sequence(var sequence) = layer.content else { return transform(layer) }
      sequence.items = sequence.items.map(transform)
      var layer = layer
      layer.content = .sequence(sequence)
      return layer
    }
    return spec
  }
}

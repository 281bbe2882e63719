public import PlanValues
public import Timeline

/// Everything a render does, decided in advance: integer frame and sample ranges, exact source
/// times, linear gains. The renderer executes it and decides nothing of its own.
///
/// Paths are as written relative to the project's folder (absolute ones stay absolute), so the
/// same project gives byte-identical JSON on every machine; `directory` (not encoded) resolves
/// them.
public struct RenderPlan: Codable, Sendable, Equatable {
  /// The plan format's version.
  public var planVersion: Int
  /// The output file and its format.
  public var output: OutputPlan
  /// Every media file read, with the facts the plan relied on, sorted by path.
  public var inputs: [InputPlan]
  /// Visual layers, bottom first.
  public var layers: [LayerPlan]
  /// Every audio stream that joins the mix.
  public var audio: [AudioStreamPlan]
  /// The sounds lowered while others play, one rule per ducked layer or track.
  public var ducking: [DuckPlan]
  /// The sequences whose items are among `layers`, with their transitions.
  public var sequences: [SequencePlan] = []
  /// The projects drawn as layers (`project:`), each planned once for the variables it is
  /// given; `ProjectClipPlan.composition` and `AudioStreamPlan.composition` index them.
  public var compositions: [CompositionPlan] = []
  /// The speech of the `speak` tracks, made or found in the cache before planning; `nil` (and
  /// absent from the JSON) when there is none.
  public var speech: [SpeechPlan]? = nil
  /// The times written as references to other things, in file order, each beside what it
  /// resolved to; `nil` (and left out of the JSON) when the project wrote none.
  public var writtenTimes: [WrittenTimePlan]? = nil
  /// The absolute folder the paths resolve against (not part of the encoded plan).
  public var directory: String = ""

  /// Each property as given.
  public init(
    planVersion: Int, output: OutputPlan, inputs: [InputPlan], layers: [LayerPlan],
    audio: [AudioStreamPlan], ducking: [DuckPlan], sequences: [SequencePlan] = [],
    compositions: [CompositionPlan] = [],
    directory: String = ""
  ) {
    self.planVersion = planVersion
    self.output = output
    self.inputs = inputs
    self.layers = layers
    self.audio = audio
    self.ducking = ducking
    self.sequences = sequences
    self.compositions = compositions
    self.directory = directory
  }

  enum CodingKeys: String, CodingKey {
    case planVersion, output, inputs, layers, audio, ducking, sequences, compositions
    case speech, writtenTimes
  }
}

/// A place in the project file (the file is the plan's own project).
public struct PlanLocation: Codable, Sendable, Equatable, Hashable {
  /// 1-based line.
  public var line: Int
  /// 1-based column.
  public var column: Int

  /// A place; 0 means none (as in a plan stripped of its places for a fingerprint).
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// The output's format.
public struct OutputPlan: Codable, Sendable, Equatable {
  /// Output path (a PNG sequence's names its frame-number pattern).
  public var file: String
  /// The container, codecs and their settings, decided from `formatChoice`.
  public var format: OutputFormat
  /// What the project file asked of the format; `-o` decides again from it.
  public var formatChoice: OutputFormatChoice
  /// Frame width in pixels.
  public var width: Int
  /// Frame height in pixels.
  public var height: Int
  /// Frames per second.
  public var fps: Rational
  /// N: frame `k` of `0..<N` is presented at `k / fps`.
  public var frameCount: Int64
  /// `N / fps` seconds.
  public var duration: Rational
  /// How the duration was chosen: `longest`, `shortest` or `explicit`.
  public var durationRule: String
  /// What lies under the bottom layer: a colour, or nothing (`transparent`).
  public var background: OutputBackground
  /// Audio format and encoding.
  public var audio: AudioEncodingPlan
  /// Seconds per independently encoded piece of the video (`output.segment`); `nil` when the
  /// video is encoded as one. `segments` gives the pieces' frames.
  public var segment: Rational? = nil
  /// One frame written as a picture with the render (`output.poster`).
  public var poster: PosterPlan? = nil

  /// Each property as given.
  public init(
    file: String, format: OutputFormat, formatChoice: OutputFormatChoice, width: Int, height: Int,
    fps: Rational, frameCount: Int64, duration: Rational, durationRule: String,
    background: OutputBackground, audio: AudioEncodingPlan, segment: Rational? = nil,
    poster: PosterPlan? = nil
  ) {
    self.file = file
    self.format = format
    self.formatChoice = formatChoice
    self.width = width
    self.height = height
    self.fps = fps
    self.frameCount = frameCount
    self.duration = duration
    self.durationRule = durationRule
    self.background = background
    self.audio = audio
    self.segment = segment
    self.poster = poster
  }
}

/// `output.poster`: frame `frame` written to `file` as a `format` picture.
public struct PosterPlan: Codable, Sendable, Equatable {
  /// Path as in the project.
  public var file: String
  public var format: PosterFormat
  /// The frame shown at the poster's time (the last frame for a time at or past the end).
  public var frame: Int64

  public init(file: String, format: PosterFormat, frame: Int64) {
    self.file = file
    self.format = format
    self.frame = frame
  }
}

/// The mix's format.
public struct AudioEncodingPlan: Codable, Sendable, Equatable {
  /// Samples per second.
  public var sampleRate: Int
  /// 1, 2 or 6.
  public var channels: Int
  /// A lossy codec's bit rate in bits per second; nil for a lossless one, or no sound.
  public var bitrate: Int?
  /// The look-ahead limiter, when it runs.
  public var limiter: LimiterPlan?
  /// The loudness the mix is brought to, when one is asked for.
  public var loudness: LoudnessPlan?
  /// Exactly `round(N / fps × sampleRate)` samples per channel.
  public var sampleCount: Int64

  /// Each property as given.
  public init(
    sampleRate: Int, channels: Int, bitrate: Int?, limiter: LimiterPlan?, loudness: LoudnessPlan?,
    sampleCount: Int64
  ) {
    self.sampleRate = sampleRate
    self.channels = channels
    self.bitrate = bitrate
    self.limiter = limiter
    self.loudness = loudness
    self.sampleCount = sampleCount
  }
}

/// One file the render reads, with the facts the plan relied on.
public struct InputPlan: Codable, Sendable, Equatable {
  /// Path as in the project.
  public var path: String
  /// The probed facts of a media file; `nil` for a subtitle file, which is not probed (its
  /// cues are in its layer's plan), and for a child project's file.
  public var facts: MediaFacts?
  /// The file of the child project that reads it (as this plan names paths), for an input of
  /// a project drawn as a layer; `nil` for the project's own inputs.
  public var readBy: String?
  /// Whether the input is a child project's file.
  public var isProject: Bool

  /// An input.
  public init(path: String, facts: MediaFacts?, readBy: String? = nil, isProject: Bool = false) {
    self.path = path
    self.facts = facts
    self.readBy = readBy
    self.isProject = isProject
  }

  enum CodingKeys: String, CodingKey {
    case path, facts, readBy, isProject
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    path = try c.decode(String.self, forKey: .path)
    facts = try c.decodeIfPresent(MediaFacts.self, forKey: .facts)
    readBy = try c.decodeIfPresent(String.self, forKey: .readBy)
    isProject = try c.decodeIfPresent(Bool.self, forKey: .isProject) ?? false
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(path, forKey: .path)
    try c.encodeIfPresent(facts, forKey: .facts)
    try c.encodeIfPresent(readBy, forKey: .readBy)
    // Only a child project's file says so: the plans of projects without children read as before.
    if isProject { try c.encode(isProject, forKey: .isProject) }
  }
}

extension RenderPlan {
  /// The absolute path of a path the plan names (an input or the output): the plan keeps paths
  /// as written so its JSON is the same on every machine, and resolves them here, once.
  public func resolvedPath(_ path: String) -> String {
    ProjectPaths.resolve(path, in: directory)
  }
}

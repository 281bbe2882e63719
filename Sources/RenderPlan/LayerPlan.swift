public import PlanValues
public import Timeline

/// One visual layer: which output frames it is drawn on, how opaque it is on each, where it
/// goes, and what it shows (`content`, one payload per kind).
public struct LayerPlan: Sendable, Equatable {
  /// The layer's name.
  public var name: String
  /// Where the layer is written.
  public var location: PlanLocation
  /// Output frames `first..<end` on which the layer is drawn.
  public var frames: FrameRange
  /// Output time at which the layer begins.
  public var start: Rational
  /// Where the picture goes, in output pixels, over the layer's time.
  public var box: Animated<FrameRect>
  /// How the picture fills the box: the fit that applies, decided by the planner (a fill is
  /// always `stretch`, a text picture, made for its box, `contain`).
  public var fit: Fit
  /// Multiplies alpha, over the layer's time (clamped to 0…1 where a curve overshoots).
  public var opacity: Animated<Double>
  /// Degrees clockwise about the box's centre, over the layer's time.
  public var rotation: Animated<Double>
  /// Seconds over which opacity ramps up from 0 at `start`.
  public var fadeIn: Rational
  /// Seconds over which opacity ramps down to 0 at the end of `frames`.
  public var fadeOut: Rational
  /// Chroma key, if any (video and image layers).
  public var key: KeyPlan?
  /// Blur, rounded corners and shadow, if any.
  public var effects: LayerEffects = LayerEffects()
  /// What the layer shows.
  public var content: LayerContent

  /// Which kind of layer this is.
  public var kind: LayerKind { content.kind }

  /// Creates a layer plan.
  public init(
    name: String, location: PlanLocation, frames: FrameRange, start: Rational,
    box: Animated<FrameRect>, fit: Fit, opacity: Animated<Double>, rotation: Animated<Double>,
    fadeIn: Rational, fadeOut: Rational, key: KeyPlan?, content: LayerContent
  ) {
    self.name = name
    self.location = location
    self.frames = frames
    self.start = start
    self.box = box
    self.fit = fit
    self.opacity = opacity
    self.rotation = rotation
    self.fadeIn = fadeIn
    self.fadeOut = fadeOut
    self.key = key
    self.content = content
  }

  /// The clip, when the layer shows a video.
  public var video: VideoClipPlan? {
    if case .video(let clip) = content { return clip }
    return nil
  }

  /// How the layer's frames play, when it plays like a video: a video's clip, or a child
  /// project's.
  public var playedClip: VideoClipPlan? {
    switch content {
    case .video(let clip): clip
    case .project(let project): project.clip
    case .image, .fill, .text, .captions: nil
    }
  }

  /// The layer's opacity on output frame `k`: `opacity` at the frame's time on the layer's
  /// clock (kept within 0…1) times the fades' linear ramps, each `clamp(elapsed / fade, 0, 1)`
  /// of the time since `start` or left until the end.
  public func opacity(ofFrame k: Int64, fps: Rational) -> Double {
    let local = clock.time(ofFrame: k, fps: fps)
    var factor = 1.0
    if fadeIn > .zero {
      factor = min(factor, (local / fadeIn).doubleValue)
    }
    if fadeOut > .zero {
      let end = clock.time(ofFrame: frames.end, fps: fps)
      factor = min(factor, ((end - local) / fadeOut).doubleValue)
    }
    let animated = min(max(opacity.value(at: local), 0), 1)
    return animated * min(max(factor, 0), 1)
  }
}

/// What a layer shows: one payload per kind, so no layer can carry two or none.
public enum LayerContent: Sendable, Equatable {
  /// A video file's frames.
  case video(VideoClipPlan)
  /// A still picture.
  case image(ImagePlan)
  /// A solid colour, straight alpha.
  case fill(RGBAColor)
  /// Typeset text.
  case text(TextPlan)
  /// Timed text from a subtitle file.
  case captions(CaptionsPlan)
  /// Another project, drawn into a picture (`RenderPlan.compositions`).
  case project(ProjectClipPlan)

  /// The kind this content is.
  public var kind: LayerKind {
    switch self {
    case .video: .video
    case .image: .image
    case .fill: .fill
    case .text: .text
    case .captions: .captions
    case .project: .project
    }
  }
}

// The JSON keeps the shape people read in `plan --json`: a `kind`, and the payload under the
// key of that kind.
extension LayerPlan: Codable {
  enum CodingKeys: String, CodingKey {
    case name, location, kind, frames, start, box, fit, opacity, rotation, fadeIn, fadeOut, key
    case effects
    case video, image, fill, text, captions, project
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let content: LayerContent =
      switch try c.decode(LayerKind.self, forKey: .kind) {
      case .video: .video(try c.decode(VideoClipPlan.self, forKey: .video))
      case .image: .image(try c.decode(ImagePlan.self, forKey: .image))
      case .fill: .fill(try c.decode(RGBAColor.self, forKey: .fill))
      case .text: .text(try c.decode(TextPlan.self, forKey: .text))
      case .captions: .captions(try c.decode(CaptionsPlan.self, forKey: .captions))
      case .project: .project(try c.decode(ProjectClipPlan.self, forKey: .project))
      }
    self.init(
      name: try c.decode(String.self, forKey: .name),
      location: try c.decode(PlanLocation.self, forKey: .location),
      frames: try c.decode(FrameRange.self, forKey: .frames),
      start: try c.decode(Rational.self, forKey: .start),
      box: try c.decode(Animated<FrameRect>.self, forKey: .box),
      fit: try c.decode(Fit.self, forKey: .fit),
      opacity: try c.decode(Animated<Double>.self, forKey: .opacity),
      rotation: try c.decode(Animated<Double>.self, forKey: .rotation),
      fadeIn: try c.decode(Rational.self, forKey: .fadeIn),
      fadeOut: try c.decode(Rational.self, forKey: .fadeOut),
      key: try c.decodeIfPresent(KeyPlan.self, forKey: .key), content: content)
    effects = try c.decodeIfPresent(LayerEffects.self, forKey: .effects) ?? LayerEffects()
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(name, forKey: .name)
    try c.encode(location, forKey: .location)
    try c.encode(kind, forKey: .kind)
    try c.encode(frames, forKey: .frames)
    try c.encode(start, forKey: .start)
    try c.encode(box, forKey: .box)
    try c.encode(fit, forKey: .fit)
    try c.encode(opacity, forKey: .opacity)
    try c.encode(rotation, forKey: .rotation)
    try c.encode(fadeIn, forKey: .fadeIn)
    try c.encode(fadeOut, forKey: .fadeOut)
    try c.encodeIfPresent(key, forKey: .key)
    // Only a layer with effects says so: the plans of the others read as before.
    if !effects.isEmpty { try c.encode(effects, forKey: .effects) }
    switch content {
    case .video(let clip): try c.encode(clip, forKey: .video)
    case .image(let image): try c.encode(image, forKey: .image)
    case .fill(let color): try c.encode(color, forKey: .fill)
    case .text(let text): try c.encode(text, forKey: .text)
    case .captions(let captions): try c.encode(captions, forKey: .captions)
    case .project(let project): try c.encode(project, forKey: .project)
    }
  }
}

/// The kinds of visual layer.
public enum LayerKind: String, Codable, Sendable {
  /// A video file (`source:`).
  case video
  /// A still picture (`image:`).
  case image
  /// A solid colour (`fill:`).
  case fill
  /// Typeset text (`text:`).
  case text
  /// Timed text from a subtitle file (`captions:`).
  case captions
  /// Another project (`project:`).
  case project
}

/// A video layer's clip.
///
/// Output frame `k` shows the source frame with the greatest presentation time
/// `p ≤ sourceTime(k) + pickTolerance`, where `sourceTime(k) = sourceIn + (k / fps − start)`,
/// wrapped into `sourceIn..<sourceOut` when `loop`, and held on the last frame before
/// `sourceOut` when `afterEnd` is `hold`.
public struct VideoClipPlan: Codable, Sendable, Equatable {
  /// The video file.
  public var source: String
  /// The luma matte file, if any.
  public var matte: String?
  /// Source time shown at the layer's start.
  public var sourceIn: Rational
  /// Source time where the clip stops (exclusive).
  public var sourceOut: Rational
  /// Whether source time wraps within `sourceIn..<sourceOut`.
  public var loop: Bool
  /// `hide` or `hold` once the source has ended.
  public var afterEnd: AfterEnd
  /// Slack added to the source time when picking a frame: 1 ms absorbs time-base rounding.
  public var pickTolerance: Rational
  /// How the source's pictures are shown: rotation and pixel shape, from its probe.
  public var display: PictureDisplay

  /// Each property as given.
  public init(
    source: String, matte: String?, sourceIn: Rational, sourceOut: Rational, loop: Bool,
    afterEnd: AfterEnd, pickTolerance: Rational, display: PictureDisplay
  ) {
    self.source = source
    self.matte = matte
    self.sourceIn = sourceIn
    self.sourceOut = sourceOut
    self.loop = loop
    self.afterEnd = afterEnd
    self.pickTolerance = pickTolerance
    self.display = display
  }

  /// The source time output frame `k` asks for (before the pick tolerance and any hold), for a
  /// layer starting at `start`.
  public func sourceTime(ofFrame k: Int64, start: Rational, fps: Rational) -> Rational {
    let elapsed = LayerClock(origin: start).time(ofFrame: k, fps: fps)
    if loop { return sourceIn + Rational.positiveRemainder(elapsed, sourceOut - sourceIn) }
    return sourceIn + elapsed
  }
}

/// An image layer's picture file and how it is shown.
public struct ImagePlan: Codable, Sendable, Equatable {
  /// The picture file.
  public var path: String
  /// Its rotation and pixel shape, from its probe.
  public var display: PictureDisplay

  /// An image plan.
  public init(path: String, display: PictureDisplay) {
    self.path = path
    self.display = display
  }
}

/// How a file's pictures are turned upright and given square pixels before `fit`: facts the
/// probe found, carried in the plan so the renderer looks nothing up.
public struct PictureDisplay: Codable, Sendable, Equatable {
  /// Clockwise degrees: 0, 90, 180 or 270.
  public var rotation: Int
  /// Sample (pixel) aspect ratio; 1 for square pixels.
  public var sampleAspectRatio: Rational
  /// The stream's average frame rate, when known (stills: none).
  public var frameRate: Rational?
  /// The Y′CbCr matrix its pictures are coded with.
  public var colorMatrix: String
  /// `limited` or `full`.
  public var colorRange: String

  /// Display facts.
  public init(
    rotation: Int, sampleAspectRatio: Rational, frameRate: Rational?, colorMatrix: String,
    colorRange: String
  ) {
    self.rotation = rotation
    self.sampleAspectRatio = sampleAspectRatio
    self.frameRate = frameRate
    self.colorMatrix = colorMatrix
    self.colorRange = colorRange
  }
}

/// A text layer's (or a caption page's) text and style, typeset once into a picture the size of its box (its
/// largest, when the box moves or grows), at the size the planner found it fits.
public struct TextPlan: Codable, Sendable, Equatable {
  /// What is written, after templating.
  public var text: String
  /// Spans of `text` set bold, italic or underlined (a caption's tags); none for a text layer.
  public var emphasis: [TextEmphasis]
  /// The Pango font description as written (sizes in pixels).
  public var font: String
  /// The font family that is used: the one asked for, or fontconfig's fallback.
  public var fontFamily: String
  /// The glyphs' colour.
  public var color: RGBAColor
  /// `left`, `center` or `right`.
  public var align: TextAlign
  /// `top`, `middle` or `bottom`.
  public var valign: TextVerticalAlign
  /// Multiple of the font's own line distance.
  public var lineSpacing: Double
  /// The colour filling the box behind the text, if any.
  public var background: RGBAColor?
  /// Pixels kept free inside each edge.
  public var padding: Int
  /// The glyphs' stroke, if any.
  public var outline: OutlinePlan?
  /// The picture's width in pixels: the box's, rounded.
  public var pictureWidth: Int
  /// The picture's height in pixels.
  public var pictureHeight: Int
  /// How the text fits: the size it is set at, and what was done where it does not fit.
  public var fit: TextFitPlan

  /// Each property as given.
  public init(
    text: String, emphasis: [TextEmphasis], font: String, fontFamily: String, color: RGBAColor,
    align: TextAlign, valign: TextVerticalAlign, lineSpacing: Double, background: RGBAColor?,
    padding: Int, outline: OutlinePlan?, pictureWidth: Int, pictureHeight: Int, fit: TextFitPlan
  ) {
    self.text = text
    self.emphasis = emphasis
    self.font = font
    self.fontFamily = fontFamily
    self.color = color
    self.align = align
    self.valign = valign
    self.lineSpacing = lineSpacing
    self.background = background
    self.padding = padding
    self.outline = outline
    self.pictureWidth = pictureWidth
    self.pictureHeight = pictureHeight
    self.fit = fit
  }
}

/// The size a text is set at and how it fits its picture, as measured while planning.
public struct TextFitPlan: Codable, Sendable, Equatable {
  /// The pixel size the text is set at: the font's own, or the largest whole size down to
  /// `sizeMin` at which it fits.
  public var size: Double
  /// The smallest size it may shrink to; `nil`: it keeps the font's size.
  public var sizeMin: Int?
  /// At most this many lines are drawn.
  public var maxLines: Int?
  /// What is done when it cannot fit.
  public var overflow: TextOverflow
  /// Whether the text (as set) fits inside the padding within `maxLines` lines.
  public var fits: Bool
  /// Lines after wrapping, as set.
  public var lineCount: Int
  /// The text cut to end in "…" (`overflow: ellipsis`), when it had to be; `nil`: the text
  /// is set whole.
  public var ellipsized: String?

  /// A fit.
  public init(
    size: Double, sizeMin: Int?, maxLines: Int?, overflow: TextOverflow, fits: Bool,
    lineCount: Int, ellipsized: String?
  ) {
    self.size = size
    self.sizeMin = sizeMin
    self.maxLines = maxLines
    self.overflow = overflow
    self.fits = fits
    self.lineCount = lineCount
    self.ellipsized = ellipsized
  }
}

/// A stroke around text.
public struct OutlinePlan: Codable, Sendable, Equatable {
  /// Pixels the stroke reaches out from the glyph's edge.
  public var width: Double
  /// The stroke's colour.
  public var color: RGBAColor

  /// Each property as given.
  public init(
    width: Double, color: RGBAColor
  ) {
    self.width = width
    self.color = color
  }
}

/// Which font a description gives on this machine (found by the renderer's typesetter).
public struct FontFacts: Codable, Sendable, Equatable {
  /// The family asked for ("" when the description names none).
  public var requested: String
  /// The family used.
  public var resolved: String
  /// Whether the family asked for is installed (or was a generic name such as `sans`).
  public var isExact: Bool

  /// Facts about one font description.
  public init(requested: String, resolved: String, isExact: Bool) {
    self.requested = requested
    self.resolved = resolved
    self.isExact = isExact
  }
}

/// Output frames `first..<end`.
public struct FrameRange: Codable, Sendable, Equatable {
  /// First frame drawn.
  public var first: Int64
  /// One past the last frame drawn.
  public var end: Int64
  /// How many frames.
  public var count: Int64 { max(0, end - first) }

  /// Whether output frame `k` is in the range.
  public func contains(_ k: Int64) -> Bool { k >= first && k < end }

  /// Creates the range `first..<end`.
  public init(first: Int64, end: Int64) {
    self.first = first
    self.end = end
  }
}

/// A chroma key's settings.
public struct KeyPlan: Codable, Sendable, Equatable {
  /// The colour keyed out.
  public var color: RGBColor
  /// Fully transparent under this CbCr distance.
  public var similarity: Double
  /// Width of the ramp to opaque.
  public var smoothness: Double
  /// Spill suppression amount.
  public var spill: Double

  /// Each property as given.
  public init(
    color: RGBColor, similarity: Double, smoothness: Double, spill: Double
  ) {
    self.color = color
    self.similarity = similarity
    self.smoothness = smoothness
    self.spill = spill
  }
}

/// One audio stream in the mix.
///
/// Output samples `firstSample..<endSample` hold the stream resampled to the output rate,
/// read from `sourceIn` (wrapping within `sourceIn..<sourceOut` when `loop`), multiplied by
/// `gain`, by linear ramps of `fadeInSamples` after `firstSample` and `fadeOutSamples`
/// before `endSample`, and by the equal-power ramps of the transitions around a sequence item
/// (`crossIn`, `crossOut`).
public struct AudioStreamPlan: Codable, Sendable, Equatable {
  /// The layer or track it belongs to.
  public var owner: String
  /// `layer` or `track`.
  public var ownerKind: String
  /// Where the owner is written.
  public var location: PlanLocation
  /// The media file.
  public var source: String
  /// Index among the file's audio streams (0 is the first audio stream).
  public var audioStream: Int
  /// Index among all the file's streams.
  public var streamIndex: Int
  /// The stream's own sample rate.
  public var sourceSampleRate: Int
  /// The stream's own channel layout.
  public var sourceLayout: String
  /// First output sample.
  public var firstSample: Int64
  /// One past the last output sample.
  public var endSample: Int64
  /// Source time of the first sample read.
  public var sourceIn: Rational
  /// Source time where reading stops (exclusive).
  public var sourceOut: Rational
  /// Whether reading wraps within `sourceIn..<sourceOut`.
  public var loop: Bool
  /// The child project whose whole mix this stream is (its index in
  /// `RenderPlan.compositions`); `nil` for a stream of a media file.
  public var composition: Int? = nil
  /// Linear factor.
  public var gain: Double
  /// The same in decibels, for people; `nil` for a gain of 0 (silence), which is −∞ dB and has
  /// no number JSON can carry.
  public var gainDecibels: Double?
  /// Length of the linear fade in, in output samples.
  public var fadeInSamples: Int64
  /// Length of the linear fade out, in output samples.
  public var fadeOutSamples: Int64
  /// The equal-power rise over the transition into the owner, when it is a sequence item
  /// that a transition brings in.
  public var crossIn: EqualPowerRamp? = nil
  /// The equal-power fall over the transition out of the owner, when one takes it out.
  public var crossOut: EqualPowerRamp? = nil

  /// Each property as given.
  public init(
    owner: String, ownerKind: String, location: PlanLocation, source: String, audioStream: Int,
    streamIndex: Int, sourceSampleRate: Int, sourceLayout: String, firstSample: Int64,
    endSample: Int64, sourceIn: Rational, sourceOut: Rational, loop: Bool, composition: Int? = nil,
    gain: Double, gainDecibels: Double?, fadeInSamples: Int64, fadeOutSamples: Int64,
    crossIn: EqualPowerRamp? = nil, crossOut: EqualPowerRamp? = nil
  ) {
    self.owner = owner
    self.ownerKind = ownerKind
    self.location = location
    self.source = source
    self.audioStream = audioStream
    self.streamIndex = streamIndex
    self.sourceSampleRate = sourceSampleRate
    self.sourceLayout = sourceLayout
    self.firstSample = firstSample
    self.endSample = endSample
    self.sourceIn = sourceIn
    self.sourceOut = sourceOut
    self.loop = loop
    self.composition = composition
    self.gain = gain
    self.gainDecibels = gainDecibels
    self.fadeInSamples = fadeInSamples
    self.fadeOutSamples = fadeOutSamples
    self.crossIn = crossIn
    self.crossOut = crossOut
  }
}

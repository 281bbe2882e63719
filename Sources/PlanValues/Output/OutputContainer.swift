/// The kind of file a render writes, chosen by `output.file`'s extension
/// (README.md, "Output formats"): what codecs it may hold, and whether it has
/// sound at all.
public enum OutputContainer: String, Sendable, Codable, CaseIterable {
  case mp4
  case mov
  case mkv
  case webm
  /// An animated GIF.
  case gif
  /// An animated WebP.
  case webp
  /// A numbered PNG per frame (`out/frames/%05d.png`: frame k is file number k).
  case png

  /// The container `path` names by its extension, or nil for an extension chromake does not
  /// write. A `.png` is a sequence only with a frame-number pattern (`FramePattern`).
  public static func of(path: String) -> OutputContainer? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    return OutputContainer(rawValue: path[path.index(after: dot)...].lowercased())
  }

  /// The extensions, as a list for messages: `.mp4, .mov, …`.
  public static var extensions: String {
    allCases.map { "." + $0.rawValue }.joined(separator: ", ")
  }

  /// The video codecs it holds, the default first.
  public var videoCodecs: [VideoCodec] {
    switch self {
    case .mp4: [.h264, .hevc, .av1]
    case .mov: [.h264, .hevc, .prores]
    case .mkv: [.h264, .hevc, .av1, .vp9]
    case .webm: [.vp9, .av1]
    case .gif: [.gif]
    case .webp: [.webp]
    case .png: [.png]
    }
  }

  /// The audio codecs it holds, the default first; none for the picture formats, whose
  /// renders make no mix.
  public var audioCodecs: [AudioCodec] {
    switch self {
    case .mp4: [.aac, .opus]
    case .mov: [.aac, .pcm]
    case .mkv: [.aac, .opus, .flac]
    case .webm: [.opus]
    case .gif, .webp, .png: []
    }
  }

  /// Whether it is a picture format (GIF, WebP, PNG sequence) rather than a movie.
  public var isPictures: Bool { audioCodecs.isEmpty }

  /// Whether a segmented render (`output.segment`) can join its pieces into it: the
  /// ISO-family containers, whose packets `MovieJoiner` copies frame-exactly.
  public var joinsSegments: Bool { self == .mp4 || self == .mov }

  /// FFmpeg's muxer.
  public var muxerName: String {
    switch self {
    case .mp4: "mp4"
    case .mov: "mov"
    case .mkv: "matroska"
    case .webm: "webm"
    case .gif: "gif"
    case .webp: "webp"
    case .png: "image2"
    }
  }

  /// How messages name it.
  public var displayName: String {
    switch self {
    case .png: "a PNG sequence"
    default: "." + rawValue
    }
  }
}

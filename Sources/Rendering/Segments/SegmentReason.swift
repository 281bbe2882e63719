import Builds
public import RenderPlan
public import Timeline

/// Why one segment is encoded rather than reused, for `render --explain`.
public enum SegmentReason: Sendable, Equatable {
  /// No earlier join says what it showed (a first render, or one after shares).
  case new
  /// A setting every segment shares changed: the encoder's, the picture's size, rate or
  /// background, chromake, its libraries or shaders.
  case globalChanged
  /// Layers whose part of the segment changed, appeared or went.
  case layersChanged(changed: [String], added: [String], removed: [String])
  /// Which layers show where, or the transitions between them, changed.
  case structureChanged
  /// The file of an unchanged segment is gone.
  case fileMissing
  /// The segment's file is there, but its bytes are not those it was written with.
  case fileChanged
  /// The segment's file is there without the record of the bytes it was written with.
  case fileUnrecorded
  /// Something that is not a file (`a named pipe`) is at the segment's file's name.
  case fileInTheWay(String)
  /// The segment holds other frames (another `output.segment`, or the output's length).
  case framesChanged

  /// Why segment `now` is encoded, given what is at its file's name (`file`, not intact) and
  /// what the last join recorded for its index.
  static func of(_ now: SegmentDigest, file: SegmentFileState, before: SegmentDigest?)
    -> SegmentReason
  {
    switch file {
    case .changed: return .fileChanged
    case .unrecorded: return .fileUnrecorded
    case .inTheWay(let kind): return .fileInTheWay(kind)
    case .missing, .intact: break
    }
    guard let before else { return .new }
    if before.value == now.value { return .fileMissing }
    if before.global != now.global { return .globalChanged }
    if before.frames != now.frames { return .framesChanged }
    let names = Set(before.layers.keys).union(now.layers.keys).sorted()
    var changed: [String] = []
    var added: [String] = []
    var removed: [String] = []
    for name in names {
      switch (before.layers[name], now.layers[name]) {
      case (nil, _?): added.append(name)
      case (_?, nil): removed.append(name)
      case (let a?, let b?) where a != b: changed.append(name)
      default: break
      }
    }
    if changed.isEmpty, added.isEmpty, removed.isEmpty { return .structureChanged }
    return .layersChanged(changed: changed, added: added, removed: removed)
  }

  /// The reason in words.
  public var explanation: String {
    switch self {
    case .new: "not encoded before"
    case .globalChanged:
      "a setting every segment shares changed (size, frame rate, background, encoder, "
        + "chromake or its libraries)"
    case .layersChanged(let changed, let added, let removed):
      (changed.map { "layer '\($0)' changed on its frames" }
        + added.map { "layer '\($0)' now shows" }
        + removed.map { "layer '\($0)' no longer shows" }).joined(separator: "; ")
        .nonEmpty ?? "its frames changed"
    case .structureChanged: "the order of its layers or a transition changed"
    case .fileMissing: "its file is missing"
    case .fileChanged: "its file's bytes are not those it was written with"
    case .fileUnrecorded: "its file has no record of the bytes it was written with"
    case .fileInTheWay(let kind): "\(kind) is where its file should be"
    case .framesChanged: "it holds other frames (output.segment or the output's length changed)"
    }
  }
}

extension String {
  fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

/// One line of `render --explain` for a segmented output: a segment encoded, and why.
public struct SegmentWork: Sendable, Equatable {
  public var index: Int
  public var frames: FrameRange
  public var reason: SegmentReason

  /// `segment 12 (24.000 s to 26.000 s): layer 'captions' changed on its frames`.
  public func line(fps: Rational) -> String {
    let from = TimeFormat.seconds(TimeGrid.time(ofFrame: frames.first, fps: fps))
    let to = TimeFormat.seconds(TimeGrid.time(ofFrame: frames.end, fps: fps))
    return "segment \(index) (\(from) s to \(to) s): \(reason.explanation)"
  }
}

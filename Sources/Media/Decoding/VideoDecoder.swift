public import Timeline

/// Decodes a file's video for the renderer, answering "which source frame is showing at
/// time t" exactly.
///
/// Times are seconds from the stream's first frame: the first frame the decoder gives out,
/// after the container's edit list, is at 0 whatever its stored timestamp, and every other
/// frame's time is its exact distance from it in the stream's time base.
///
/// Requests walking forward in time decode each frame once: the decoder keeps the frame
/// showing and the one after it. A request earlier than the frame showing, or more than two
/// seconds beyond it where a keyframe lies in between, seeks to the keyframe before the time
/// and decodes forward from there.
///
/// Damage: data the decoder rejects as invalid is skipped (`skippedPackets`); a read failure
/// ends the input early (`inputError`) and the frames read up to it remain available; any
/// other FFmpeg failure throws `MediaError.ffmpeg` naming the call.
public final class VideoDecoder {
  /// The path the decoder was opened with.
  public let path: String
  /// The time of the last frame, once decoding has reached the end of the stream.
  public private(set) var lastFrameTime: Rational?
  /// How many times the decoder has sought so far (retries included): none while requests
  /// walk forward, so a renderer can tell a smooth read from a costly one.
  public private(set) var seekCount = 0

  private let reader: VideoFrameReader
  /// The frame showing at the last requested time.
  private var current: DecodedFrame?
  /// The frame after `current`, decoded ahead to know when `current` stops showing.
  private var next: DecodedFrame?
  /// How far ahead of the frame showing a request may be before seeking can pay off.
  private let seekDistance: Int64

  /// Opens the local file at `path` and decodes its first frame, whose time becomes 0.
  ///
  /// Throws `notMedia` when the file has no video stream or not one frame of it decodes.
  public init(path: String) throws(MediaError) {
    self.path = path
    reader = try VideoFrameReader(path: path)
    seekDistance = reader.ticks(atOrBefore: Rational(2))
    guard let first = try reader.nextFrame() else {
      throw .notMedia(path: path, reason: "no video frame could be decoded")
    }
    current = first
  }

  /// Packets or frames the decoder rejected as invalid data and skipped so far.
  public var skippedPackets: Int { reader.skippedPackets }

  /// Packets the demuxer flagged corrupt and frames decoded with concealed errors so far: the
  /// picture may show damage even though nothing was skipped.
  public var damagedPackets: Int { reader.damagedPackets }

  /// The read failure that ended the input before the end of the file, if there was one.
  public var inputError: MediaError? { reader.inputError }

  /// The frame with the greatest presentation time at or before `t`; nil when `t` is before
  /// the first frame. Beyond the last frame, the last frame.
  public func frame(at t: Rational) throws(MediaError) -> DecodedFrame? {
    let target = reader.ticks(atOrBefore: t)
    guard target >= 0 else { return nil }
    if let current {
      if target < current.ticks || isWorthSeeking(to: target, from: current) {
        try seek(to: target)
      }
    } else if next == nil {
      // Only a seek that found nothing leaves no frame showing. One that found only frames
      // after its target, even from before the start, leaves the first in `next`, and
      // seeking again would find the same.
      try seek(to: target)
    }
    try advance(to: target)
    guard let current, current.ticks <= target else { return nil }
    return current
  }

  /// Decodes forward until `next` is after `target` or the stream has ended.
  private func advance(to target: Int64) throws(MediaError) {
    while true {
      if next == nil {
        next = try reader.nextFrame()
        guard next != nil else {
          // The reader gives frames in increasing time, so the last one it gave is the end.
          if let current { lastFrameTime = current.pts }
          return
        }
      }
      guard let upcoming = next, upcoming.ticks <= target else { return }
      current = upcoming
      next = nil
    }
  }

  /// True when `target` is far beyond `current` and the index does not show the keyframe
  /// before it to be at or before `current` (then decoding on is cheaper than seeking).
  private func isWorthSeeking(to target: Int64, from current: DecodedFrame) -> Bool {
    guard target - current.ticks > seekDistance else { return false }
    if let next, next.ticks > target { return false }
    if next == nil, reader.drained { return false }
    if let keyframe = reader.keyframe(atOrBefore: target), keyframe <= current.ticks {
      return false
    }
    return true
  }

  /// Seeks so that the first frame decoded is at or before `target`. A seek can land after
  /// the time asked for: MPEG-TS seeks by timestamp to any packet, not only a keyframe, and the
  /// decoder then drops pictures up to the next keyframe. So a seek that overshoots is retried
  /// from further back, in doubling steps, until it starts before the first frame (which every
  /// demuxer treats as the start of the file).
  private func seek(to target: Int64) throws(MediaError) {
    current = nil
    next = nil
    var from = target
    var step = max(seekDistance / 2, 1)
    while true {
      seekCount += 1
      try reader.seek(to: from)
      let first = try reader.nextFrame()
      if let first, first.ticks <= target {
        current = first
        return
      }
      if from < -seekDistance {
        // Even from before the start nothing earlier came: `frame(at:)` gives nil before it.
        next = first
        return
      }
      let (earlier, overflow) = from.subtractingReportingOverflow(step)
      from = overflow ? .min : earlier
      step = step.multipliedReportingOverflow(by: 2).overflow ? .max : step * 2
    }
  }
}

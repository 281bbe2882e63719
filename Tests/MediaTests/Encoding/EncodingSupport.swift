import Foundation
import Media
import PlanValues
import TestSupport
import Testing
import Timeline

/// Writing and reading back the movies the encoding tests check, with ffmpeg and ffprobe as
/// independent readers.
enum EncodedMovie {}

/// Synthetic pictures whose every frame is different and recognisable: frame `k` has luma
/// `16 + 4k` (so `k` can be read back from a decoded frame's mean) with a small checkerboard,
/// and chroma that moves with `k`, all inside limited range.
enum EncodingPicture {
  /// The luma of frame `k` at (`x`, `y`).
  static func luma(_ k: Int, x: Int, y: Int) -> UInt8 {
    UInt8(16 + 4 * k + ((x / 8 + y / 8) % 2) * 6)
  }

  /// Plane `plane` (1: Cb, 2: Cr) of frame `k` at (`x`, `y`) in chroma samples.
  static func chroma(_ plane: Int, _ k: Int, x: Int, y: Int) -> UInt8 {
    plane == 1 ? UInt8(128 + (k % 16) - 8) : UInt8(96 + (x + y) % 32)
  }

  /// Fills `frame` with frame `k`, writing only each row's real samples.
  static func fill(_ frame: EncoderFrame, k: Int) {
    for plane in 0..<3 {
      frame.withMutablePlane(plane) { bytes, bytesPerRow, width, height in
        for y in 0..<height {
          for x in 0..<width {
            bytes[y * bytesPerRow + x] =
              plane == 0 ? luma(k, x: x, y: y) : chroma(plane, k, x: x, y: y)
          }
        }
      }
    }
  }
}

extension EncodedMovie {
  /// Writes `count` synthetic frames to `path` with a `MovieWriter`.
  static func writeSyntheticMovie(
    path: String, format: OutputFormat = .h264(), video: VideoEncoding, count: Int
  ) throws {
    let writer = try MovieWriter(path: path, format: format, video: video)
    for k in 0..<count {
      let frame = try writer.nextFrame()
      EncodingPicture.fill(frame, k: k)
      try writer.write(frame)
    }
    try writer.finish()
  }
}

extension OutputFormat {
  /// H.264 in `container` with `crf` and `preset` (libx264's own defaults unless given), and
  /// `audio` as its sound.
  static func h264(
    _ container: OutputContainer = .mp4, crf: Int = 23, preset: String = "medium",
    audio: AudioCodec? = nil
  ) -> OutputFormat {
    OutputFormat(container: container, video: .h264, crf: crf, preset: preset, audio: audio)
  }
}

/// What ffprobe reports about a movie's first video stream, read independently of `Media`.
struct EncodedVideoProbe {
  let fields: [String: Any]
  let formatName: String

  /// Probes `path`, decoding every frame to count them.
  init(path: String) throws {
    let output = try FFmpegCommand.ffprobe([
      "-count_frames", "-select_streams", "v:0", "-show_entries",
      "stream=codec_name,pix_fmt,width,height,avg_frame_rate,r_frame_rate,time_base,"
        + "duration_ts,nb_read_frames,color_space,color_range,color_primaries,color_transfer"
        + ":format=format_name",
      "-of", "json", path,
    ])
    let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    let streams = json?["streams"] as? [[String: Any]]
    fields = streams?.first ?? [:]
    formatName = (json?["format"] as? [String: Any])?["format_name"] as? String ?? ""
  }

  /// A text field, or "" when ffprobe left it out.
  subscript(_ key: String) -> String {
    if let number = fields[key] as? NSNumber { return number.stringValue }
    return fields[key] as? String ?? ""
  }

  /// A field written as `"num/den"`, as an exact rational.
  func rational(_ key: String) -> Rational? { Rational(exactly: self[key]) }

  /// The stream's duration in seconds, exactly, from its integer duration and time base.
  var duration: Rational? {
    guard let ticks = Int64(self["duration_ts"]), let base = rational("time_base") else {
      return nil
    }
    return Rational(ticks) * base
  }
}

extension EncodedMovie {
  /// The presentation time of every decoded frame of the first video stream, exactly, in
  /// decoding-output order; nil for a frame without a number.
  static func framePresentationTimes(path: String) throws -> [Rational?] {
    let base = try #require(EncodedVideoProbe(path: path).rational("time_base"))
    let output = try FFmpegCommand.ffprobe([
      "-select_streams", "v:0", "-show_entries", "frame=pts", "-of", "csv=p=0", path,
    ])
    // A frame with side data (x264's settings, on the first frame) prints a trailing comma and
    // a blank line for it.
    return output.split(whereSeparator: \.isNewline).compactMap { line in
      let field = line.split(separator: ",", omittingEmptySubsequences: false).first ?? ""
      let text = field.trimmingCharacters(in: .whitespaces)
      return text.isEmpty ? nil : Int64(text).map { Rational($0) * base }
    }
  }
}

extension EncodedMovie {
  /// Every frame ffmpeg decodes from `path`, as raw 4:2:0 planes, edit list applied.
  static func decodedFrames(path: String, width: Int, height: Int, in folder: ScratchFolder) throws
    -> [[UInt8]]
  {
    let raw = folder.path("decoded.yuv")
    try FFmpegCommand.ffmpeg([
      "-i", path, "-map", "0:v:0", "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt",
      "yuv420p", raw,
    ])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    let frameSize = width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
    return stride(from: 0, to: bytes.count, by: frameSize).map {
      Array(bytes[$0..<min($0 + frameSize, bytes.count)])
    }
  }
}

extension EncodedMovie {
  /// The four-letter types of a QuickTime/MP4 file's top-level atoms, in file order.
  static func topLevelAtoms(path: String) throws -> [String] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var atoms: [String] = []
    var offset = 0
    while offset + 8 <= bytes.count {
      var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      atoms.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
      if size == 1, offset + 16 <= bytes.count {
        size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
      } else if size == 0 {
        size = bytes.count - offset
      }
      guard size >= 8 else { break }
      offset += size
    }
    return atoms
  }
}

/// The edit list and time scales of one track of an MP4/MOV file, read straight from its
/// atoms.
struct EncodedTrackEdits {
  /// The handler type: `"vide"` or `"soun"`.
  var handler = ""
  /// The track's own time scale (ticks per second), from `mdhd`.
  var mediaTimeScale = 0
  /// The `elst` entries: duration in the movie's time scale, and the media time it starts at.
  var edits: [(duration: Int, mediaTime: Int)] = []
}

extension EncodedMovie {
  /// The movie's time scale (from `mvhd`) and every track's edit list.
  static func movieEdits(path: String) throws -> (movieTimeScale: Int, tracks: [EncodedTrackEdits])
  {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func integer(_ offset: Int, _ count: Int) -> Int {
      bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
    func signed32(_ offset: Int) -> Int { Int(Int32(truncatingIfNeeded: integer(offset, 4))) }
    var movieTimeScale = 0
    var tracks: [EncodedTrackEdits] = []
    func walk(_ start: Int, _ end: Int) {
      var offset = start
      while offset + 8 <= end {
        var size = integer(offset, 4)
        var header = 8
        if size == 1 {
          size = integer(offset + 8, 8)
          header = 16
        } else if size == 0 {
          size = end - offset
        }
        guard size >= header, offset + size <= end else { return }
        let body = offset + header
        switch String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) {
        case "moov", "mdia", "edts":
          walk(body, offset + size)
        case "trak":
          tracks.append(EncodedTrackEdits())
          walk(body, offset + size)
        case "mvhd":
          movieTimeScale = integer(body + (bytes[body] == 1 ? 20 : 12), 4)
        case "mdhd":
          tracks[tracks.count - 1].mediaTimeScale = integer(body + (bytes[body] == 1 ? 20 : 12), 4)
        case "hdlr":
          tracks[tracks.count - 1].handler = String(
            decoding: bytes[body + 8..<body + 12], as: UTF8.self)
        case "elst":
          let wide = bytes[body] == 1
          var entry = body + 8
          for _ in 0..<integer(body + 4, 4) {
            let edit =
              wide
              ? (integer(entry, 8), Int(Int64(bitPattern: UInt64(integer(entry + 8, 8)))))
              : (integer(entry, 4), signed32(entry + 4))
            tracks[tracks.count - 1].edits.append(edit)
            entry += wide ? 20 : 12
          }
        default:
          break
        }
        offset += size
      }
    }
    walk(0, bytes.count)
    return (movieTimeScale, tracks)
  }
}

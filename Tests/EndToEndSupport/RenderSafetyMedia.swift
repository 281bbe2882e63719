import Foundation
import TestSupport

/// Media for the render safety tests, made with the ffmpeg command, and damaged on purpose.
public enum SafetyMedia {
  /// A container for a test clip.
  public enum Container: String, Sendable, CustomStringConvertible {
    /// MP4 with the index (`moov`) first, so a file cut short still opens and probes.
    case mp4
    /// MPEG transport stream, which has no index at all.
    case ts

    public var description: String { rawValue }
  }

  /// A moving 320 × 180 test pattern at 25 fps, `seconds` long, in H.264.
  public static func clip(_ path: String, seconds: Int, container: Container = .mp4) throws {
    let muxing = container == .mp4 ? ["-movflags", "+faststart"] : ["-f", "mpegts"]
    try FFmpegCommand.ffmpeg(
      TestMedia.pattern(size: "320x180", rate: 25, seconds: "\(seconds)") + TestMedia.h264()
        + muxing + [path])
  }

  /// Cuts the file at `path` to half its bytes, as an interrupted copy would leave it.
  public static func truncateToHalf(_ path: String) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    let size = try handle.seekToEnd()
    try handle.truncate(atOffset: size / 2)
  }

  /// Overwrites a tenth of the file's bytes, starting 40 % into it, with noise (the same noise
  /// every run), leaving its length and both ends alone: a damaged disk block, say.
  public static func scribble(_ path: String) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    let size = try handle.seekToEnd()
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let noise = (0..<Int(size / 10)).map { _ -> UInt8 in
      // xorshift64: any fixed sequence that looks like noise to a demuxer will do.
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return UInt8(truncatingIfNeeded: state >> 32)
    }
    try handle.seek(toOffset: size * 2 / 5)
    try handle.write(contentsOf: Data(noise))
  }
}

/// The YAML of a test project as lines, to say where in the file a diagnostic must point.
public struct SafetyProject: Sendable {
  public var lines: [String]

  public init(lines: [String]) { self.lines = lines }

  public var text: String { lines.joined(separator: "\n") + "\n" }

  /// Writes the project as `name` in `folder`.
  public func write(_ name: String = "project.yaml", in folder: ScratchFolder) throws {
    try text.write(
      to: folder.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  /// The 1-based line of the first line containing `needle`, and the 1-based column where
  /// `needle` starts in it.
  public func location(of needle: String) -> (line: Int, column: Int)? {
    for (index, line) in lines.enumerated() {
      if let range = line.range(of: needle) {
        return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
      }
    }
    return nil
  }

  /// Where a diagnostic about the layer written as `- name: <layer>` may point: its line, at
  /// the dash or at `name`.
  public func layerPrefixes(_ layer: String, file: String = "project.yaml", severity: String)
    -> [String]
  {
    guard let (line, column) = location(of: "- name: \(layer)") else { return [] }
    return [column, column + 2].map {
      "\(file):\(line):\($0): \(severity): layer '\(layer)': "
    }
  }
}

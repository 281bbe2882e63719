import Foundation
import TestSupport

/// The project the sound tests render: a small picture (made once per folder) and audio-only
/// tracks, with the output's `audio` settings as written.
public enum SoundProject {
  /// Writes `name`.yaml in `folder`, rendering `tracks` (file names in `folder`) under the
  /// picture with `audio` as `output.audio`; returns its path.
  public static func write(
    _ tracks: [String], audio: String, in folder: ScratchFolder, name: String
  ) throws -> String {
    let picture = folder.path("picture.mp4")
    if !FileManager.default.fileExists(atPath: picture) {
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x48", rate: 25, seconds: "2") + TestMedia.h264() + [picture])
    }
    let path = folder.path("\(name).yaml")
    try """
    version: 1
    output: { file: \(name).mp4, size: 64x48, fps: 25, video: { preset: ultrafast }, audio: \(audio) }
    layers:
      - { name: picture, source: picture.mp4 }
    audio:
    \(tracks.enumerated().map { "  - { name: sound\($0.offset), source: \($0.element) }" }.joined(separator: "\n"))
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}

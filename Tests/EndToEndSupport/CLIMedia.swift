import Foundation
import TestSupport

/// Small real media for command-line tests, made once per test folder with the ffmpeg command.
public enum CLIMedia {
  /// Writes the media files the CLI tests use into `folder/media/`.
  public static func make(in folder: ScratchFolder) throws {
    let media = folder.url.appendingPathComponent("media")
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    func path(_ name: String) -> String { media.appendingPathComponent(name).path }
    // A 2 s plate with a tone, a 1.2 s (30 frames at 25 fps) green clip with a mono tone at 44.1 kHz.
    try FFmpegCommand.ffmpeg(
      TestMedia.pattern(size: "320x180", rate: 30, seconds: "2")
        + TestMedia.tone(hertz: 440, rate: 48000, layout: "stereo", seconds: "2")
        + TestMedia.h264() + ["-c:a", "aac", "-t", "2", path("plate.mp4")])
    try FFmpegCommand.ffmpeg(
      ["-f", "lavfi", "-i", "color=c=0x00FF00:size=320x180:rate=25:duration=1.2"]
        + TestMedia.tone(hertz: 660, rate: 44100, seconds: "1.2")
        + TestMedia.h264() + ["-c:a", "aac", "-t", "1.2", path("green.mp4")])
    try FFmpegCommand.ffmpeg(
      TestMedia.tone(hertz: 330, rate: 44100, layout: "stereo", seconds: "3")
        + ["-c:a", "aac", path("music.m4a")])
    try Data("this is not a video\n".utf8).write(to: URL(fileURLWithPath: path("notes.mp4")))
  }

  /// Writes `text` as `name` in the folder and returns its path relative to the folder.
  @discardableResult
  public static func project(_ name: String, _ text: String, in folder: ScratchFolder) throws
    -> String
  {
    try text.write(to: folder.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    return name
  }
}

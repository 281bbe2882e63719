import Foundation
import TestSupport

/// `Projects/ad-motion.yaml` copied into a scratch folder with the media it reads: the
/// repository's own (made by `scripts/make-demo-media`) where they exist, so that a recorded
/// screenshot shows the real ad, and otherwise small stand-ins made by the ffmpeg command, so
/// that the test needs nothing it does not make.
public enum AdMotionCopy {
  /// The repository's `Projects` folder.
  public static let projects = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Projects")

  /// Writes `ad-motion.yaml` and its `media/` into `folder`.
  public static func make(in folder: ScratchFolder) throws {
    let files = FileManager.default
    let media = folder.url.appendingPathComponent("media")
    try files.createDirectory(at: media, withIntermediateDirectories: true)
    try files.copyItem(
      at: projects.appendingPathComponent("ad-motion.yaml"),
      to: folder.url.appendingPathComponent("ad-motion.yaml"))
    // The subtitles are in git; the rest is made.
    try files.copyItem(
      at: projects.appendingPathComponent("media/en.srt"),
      to: media.appendingPathComponent("en.srt"))
    let standIns: [(String, [String])] = [
      (
        "plate.mp4",
        ["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=6"] + TestMedia.h264()
      ),
      (
        "presenter_green.mp4",
        [
          "-f", "lavfi", "-i",
          "color=c=0x00FF00:size=180x260:rate=30:duration=6,"
            + "drawbox=x=50:y=40:w=80:h=180:color=0x3050C0:t=fill",
        ] + TestMedia.h264()
      ),
      ("product.png", ["-f", "lavfi", "-i", "color=c=0x2AA198:size=160x240", "-frames:v", "1"]),
      ("logo-teal.png", ["-f", "lavfi", "-i", "color=c=0x17BEBB:size=128x128", "-frames:v", "1"]),
      (
        "music.m4a",
        TestMedia.tone(hertz: 330, rate: 44100, layout: "stereo", seconds: "4") + ["-c:a", "aac"]
      ),
      ("voiceover.m4a", TestMedia.tone(hertz: 180, rate: 48000, seconds: "3") + ["-c:a", "aac"]),
    ]
    for (name, arguments) in standIns {
      let target = media.appendingPathComponent(name)
      let made = projects.appendingPathComponent("media/\(name)")
      if files.fileExists(atPath: made.path) {
        try files.copyItem(at: made, to: target)
      } else {
        try FFmpegCommand.ffmpeg(arguments + [target.path])
      }
    }
  }
}

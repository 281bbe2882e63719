import Foundation
import Media
import TestSupport
import Testing

/// FFmpeg reads the one local file it is given: no protocols, and no formats that open other
/// files named inside the file (playlists, scripts, index files), whatever the file is called.
@Suite("Local files only")
struct LocalFilesOnlyTests {
  /// A real clip, `a.mp4`, and the same pictures as `a.ts`, that the scripts below name.
  static func makeClips(in folder: ScratchFolder) throws {
    try FFmpegCommand.ffmpeg(
      TestMedia.pattern(size: "64x48", seconds: "1") + TestMedia.h264() + [folder.path("a.mp4")])
    try FFmpegCommand.ffmpeg(["-i", folder.path("a.mp4"), "-c", "copy", folder.path("a.ts")])
  }

  static let scripts: [(format: String, text: String)] = [
    ("concat", "ffconcat version 1.0\nfile a.mp4\n"),
    (
      "hls",
      "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\na.ts\n#EXT-X-ENDLIST\n"
    ),
    (
      "dash",
      """
      <?xml version="1.0"?>
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT1S" \
      profiles="urn:mpeg:dash:profile:isoff-on-demand:2011"><Period><AdaptationSet \
      mimeType="video/mp4"><Representation id="1" bandwidth="1000" codecs="avc1.42c01e" \
      width="64" height="48"><BaseURL>a.mp4</BaseURL></Representation></AdaptationSet></Period>\
      </MPD>

      """
    ),
    ("vobsub", "# VobSub index file, v7 (do not modify this line!)\nsize: 64x48\n"),
  ]

  @Test(
    "a playlist or script named like a movie is refused before it opens what it names",
    arguments: scripts.map(\.format))
  func scriptsAreRefused(format: String) throws {
    let text = try #require(Self.scripts.first { $0.format == format }?.text)
    try withScratchFolder { folder in
      try Self.makeClips(in: folder)
      // ffprobe, reading it as FFmpeg does by default, follows it to the real clip.
      let path = folder.path("x.mp4")
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      if format != "vobsub" {
        let followed = try FFmpegCommand.ffprobe([
          "-show_entries", "format=format_name", "-of", "csv=p=0", path,
        ])
        try #require(followed.contains(format), "ffprobe read \(format) as \(followed)")
      }
      let error = #expect(throws: MediaError.self) { try MediaProbe.probe(path: path) }
      #expect(error?.caseName == "notMedia")
      #expect(
        error?.description
          == "\(path): not a media file: its format is '\(format)': "
          + "playlists and scripts that name other files are not read")
    }
  }

  @Test("the decoders refuse a script too, not only the probe")
  func readersRefuseScripts() throws {
    try withScratchFolder { folder in
      try Self.makeClips(in: folder)
      let path = folder.path("x.mov")
      try Data("ffconcat version 1.0\nfile a.mp4\n".utf8).write(to: URL(fileURLWithPath: path))
      let error = #expect(throws: MediaError.self) {
        _ = try VideoDecoder(path: path)
      }
      #expect(error?.caseName == "notMedia")
    }
  }

  @Test(
    "a URL or protocol given straight to the probe is a file name, never fetched",
    arguments: [
      "concat:A|B", "http://127.0.0.1:9/a.mp4", "pipe:0", "file:A", "subfile,,start,0,end,0,,:A",
    ])
  func protocolsAreFileNames(template: String) throws {
    try withScratchFolder { folder in
      try Self.makeClips(in: folder)
      let path = template.replacingOccurrences(of: "A", with: folder.path("a.mp4"))
        .replacingOccurrences(of: "B", with: folder.path("a.mp4"))
      #expect(throws: MediaError.fileNotFound(path: path)) { try MediaProbe.probe(path: path) }
    }
  }

  @Test("a file named like an image sequence is read as the one file it names")
  func sequencePatternIsOneFile() throws {
    try withScratchFolder { folder in
      for n in 1...3 {
        try FFmpegCommand.ffmpeg(
          TestMedia.pattern(size: "64x48", seconds: "0.04")
            + ["-frames:v", "1", folder.path(String(format: "frame%03d.png", n))])
      }
      let named = folder.path("frame%03d.png")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "32x16", seconds: "0.04")
          + ["-frames:v", "1", "-f", "image2", "-update", "1", named])
      try #require(FileManager.default.fileExists(atPath: named))
      let info = try MediaProbe.probe(path: named)
      #expect(info.video?.width == 32)
      #expect(info.video?.height == 16)
    }
  }

  @Test("a raw '.y' image, which FFmpeg reads with the '.U' and '.V' beside it, is refused")
  func splitPlanes() throws {
    try withScratchFolder { folder in
      for name in ["x.y", "x.U", "x.V"] {
        try Data(repeating: 16, count: 64 * 48).write(
          to: URL(fileURLWithPath: folder.path(name)))
      }
      let error = #expect(throws: MediaError.self) {
        try MediaProbe.probe(path: folder.path("x.y"))
      }
      #expect(error?.caseName == "notMedia")
      #expect(error?.description.contains("'.y'") == true)
    }
  }
}

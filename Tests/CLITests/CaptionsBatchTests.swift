import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A captions layer whose subtitle file a data row or `--set` chooses: every message about the
/// file, from reading it or from planning its cues, says which row's value chose it.
@Suite("Captions files chosen by a batch row or --set", .tags(.endToEnd))
struct CaptionsBatchTests {
  private static let project = """
    version: 1
    variables: { lang: en }
    output: { file: "out/ad-{{lang}}.mp4", size: 320x180, fps: 10, duration: 0.5s, video: { preset: ultrafast } }
    layers:
      - name: plate
        fill: "#203040"
      - name: captions
        captions: "media/{{lang}}.srt"
        font: DejaVu Sans Bold 24
        box: [10, 130, 160, 40]
        max_lines: 1
        overflow: error

    """

  private static let files = [
    "media/en.srt": "1\n00:00:00,000 --> 00:00:00,400\nHi.\n",
    // Reads, but its cue cannot fit the box: found while planning.
    "media/wordy.srt": "1\n00:00:00,000 --> 00:00:00,400\nFar too many words for this box.\n",
    // Does not read: found while reading.
    "media/broken.srt": "1\n00:00:00,000 --> 00:00:0x,400\nHi.\n",
  ]

  private func write(_ text: String, to name: String, in folder: ScratchFolder) throws {
    let url = folder.url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  @Test("a cue that cannot fit, in a batch, names its row as the file's parse errors do")
  func batchRowNote() throws {
    try withScratchFolder { folder in
      try write(Self.project, to: "a.yaml", in: folder)
      for (name, text) in Self.files { try write(text, to: name, in: folder) }
      try write("lang\nen\nwordy\nbroken\n", to: "ads.csv", in: folder)
      let run = try ChromakeBinary.run(["batch", "a.yaml", "--data", "ads.csv"], in: folder.url)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(
        run.stderr.contains(
          "media/wordy.srt:2:1: error: layer 'captions': the cue does not fit its 160×40 box"),
        "\(run.stderr)")
      #expect(
        run.stderr.contains(
          "note: '{{lang}}' was replaced by 'wordy' (from ads.csv row 2, column 'lang')"),
        "\(run.stderr)")
      #expect(run.stderr.contains("media/broken.srt:2:18: error: "), "\(run.stderr)")
      #expect(
        run.stderr.contains(
          "note: '{{lang}}' was replaced by 'broken' (from ads.csv row 3, column 'lang')"),
        "\(run.stderr)")
      // The good row renders all the same.
      #expect(FileManager.default.fileExists(atPath: folder.path("out/ad-en.mp4")))
    }
  }

  @Test("with --set, check names the value on a cue that cannot fit")
  func setNote() throws {
    try withScratchFolder { folder in
      try write(Self.project, to: "a.yaml", in: folder)
      for (name, text) in Self.files { try write(text, to: name, in: folder) }
      let run = try ChromakeBinary.run(
        ["check", "a.yaml", "--set", "lang=wordy"], in: folder.url)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(
        run.stderr.contains("note: '{{lang}}' was replaced by 'wordy' (from --set)"),
        "\(run.stderr)")
    }
  }
}

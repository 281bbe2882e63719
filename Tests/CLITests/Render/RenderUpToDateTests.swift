import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `render` skips an output whose fingerprint matches its record, and `--explain` says why a
/// render runs, for every kind of change.
@Suite("render: up to date or not, and why", .tags(.endToEnd))
struct RenderUpToDateTests {
  private static let project = """
    version: 1
    variables: { tint: "#00FF00" }
    output: { file: out/a.mp4, size: 64x48, fps: 10, video: { preset: ultrafast } }
    layers:
      - name: plate
        source: media/plate.mp4
      - name: shot
        source: media/shot.mp4
        key: { color: "{{tint}}", similarity: 0.3 }
    """

  private func makeProject(in folder: ScratchFolder, text: String = project) throws {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    for name in ["plate", "shot"] {
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x48", rate: 10, seconds: "0.5") + TestMedia.h264()
          + [folder.path("media/\(name).mp4")])
    }
    try write(text, to: "a.yaml", in: folder)
  }

  private func write(_ text: String, to name: String, in folder: ScratchFolder) throws {
    try text.write(to: folder.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  private func render(_ folder: ScratchFolder, _ extra: [String] = []) throws -> ToolRun {
    try ChromakeBinary.run(
      ["render", "a.yaml", "--progress", "none", "--explain"] + extra, in: folder.url)
  }

  private func modified(_ folder: ScratchFolder, _ name: String) throws -> Date? {
    try FileManager.default.attributesOfItem(atPath: folder.path(name))[.modificationDate]
      as? Date
  }

  @Test("a second render is skipped as up to date; --force renders anyway")
  func secondRenderIsSkipped() throws {
    try withScratchFolder { folder in
      try makeProject(in: folder)
      let first = try render(folder)
      #expect(first.status == 0, "\(first.stderr)")
      #expect(first.stderr.contains("out/a.mp4 is rendered because:\n  no record"))
      #expect(FileManager.default.fileExists(atPath: folder.path("out/.a.mp4.chromake")))
      let written = try modified(folder, "out/a.mp4")

      let second = try render(folder)
      #expect(second.status == 0)
      #expect(second.stderr == "chromake: out/a.mp4 is up to date\n")
      #expect(try modified(folder, "out/a.mp4") == written, "the output was not rewritten")

      let forced = try render(folder, ["--force"])
      #expect(forced.stderr.contains("--force was given"), "\(forced.stderr)")
      #expect(try modified(folder, "out/a.mp4") != written)
    }
  }

  @Test("--explain names a changed field with its line, and a changed variable")
  func explainsFieldsAndVariables() throws {
    try withScratchFolder { folder in
      try makeProject(in: folder)
      _ = try render(folder)
      try write(
        Self.project.replacingOccurrences(of: "similarity: 0.3", with: "similarity: 0.35"),
        to: "a.yaml", in: folder)
      let field = try render(folder)
      #expect(
        field.stderr.contains(
          "  a.yaml:9:43: layers[shot].key.similarity changed from '0.3' to '0.35'\n"),
        "\(field.stderr)")

      let variable = try render(folder, ["--set", "tint=#0000FF"])
      #expect(
        variable.stderr.contains("  variable 'tint' changed from '#00FF00' to '#0000FF'\n"),
        "\(variable.stderr)")
      #expect(variable.stderr.contains("layers[shot].key.color changed"), "\(variable.stderr)")
      // A comment changes no value: still up to date.
      try write(
        "# a comment\n"
          + Self.project.replacingOccurrences(of: "similarity: 0.3", with: "similarity: 0.35"),
        to: "a.yaml", in: folder)
      let comment = try render(folder, ["--set", "tint=#0000FF"])
      #expect(comment.stderr == "chromake: out/a.mp4 is up to date\n", "\(comment.stderr)")
    }
  }

  @Test("a touched input is hashed and found unchanged; changed content renders again")
  func inputsByContent() throws {
    try withScratchFolder { folder in
      try makeProject(in: folder)
      _ = try render(folder)
      let record = try String(contentsOfFile: folder.path("out/.a.mp4.chromake"), encoding: .utf8)
      try FileManager.default.setAttributes(
        [.modificationDate: Date()],
        ofItemAtPath: folder.path("media/shot.mp4"))
      let touched = try render(folder)
      #expect(touched.stderr == "chromake: out/a.mp4 is up to date\n", "\(touched.stderr)")
      let refreshed = try String(
        contentsOfFile: folder.path("out/.a.mp4.chromake"), encoding: .utf8)
      #expect(refreshed != record, "the record keeps the new stamp, so the next check is quick")
      // The output is brought forward past the touched input, for make.
      let output = try #require(try modified(folder, "out/a.mp4"))
      let input = try #require(try modified(folder, "media/shot.mp4"))
      #expect(output >= input)

      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x48", rate: 10, seconds: "0.6") + TestMedia.h264()
          + [folder.path("media/shot.mp4")])
      let changed = try render(folder)
      #expect(changed.stderr.contains("  input media/shot.mp4 changed\n"), "\(changed.stderr)")
      #expect(!changed.stderr.contains("media/plate.mp4"), "\(changed.stderr)")
    }
  }

  @Test("a missing or replaced output, a new chromake and new shaders each render again")
  func outputsAndVersions() throws {
    try withScratchFolder { folder in
      try makeProject(in: folder)
      _ = try render(folder)
      try FileManager.default.removeItem(atPath: folder.path("out/a.mp4"))
      let missing = try render(folder)
      #expect(missing.stderr.contains("  the output file does not exist\n"), "\(missing.stderr)")

      try Data("not a movie".utf8).write(to: folder.url.appendingPathComponent("out/a.mp4"))
      let replaced = try render(folder)
      #expect(replaced.stderr.contains("  the output file was changed after it was rendered\n"))

      // A record written by another build: an older chromake, other shader sources.
      let recordPath = folder.path("out/.a.mp4.chromake")
      var record = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: recordPath)))
          as? [String: Any])
      let version = try #require(record["chromake"] as? String)
      record["chromake"] = "0.0.1"
      record["shaders"] = String(repeating: "0", count: 64)
      try JSONSerialization.data(withJSONObject: record).write(to: URL(fileURLWithPath: recordPath))
      let rebuilt = try render(folder)
      #expect(
        rebuilt.stderr.contains("  chromake changed from 0.0.1 to \(version)\n"),
        "\(rebuilt.stderr)")
      #expect(rebuilt.stderr.contains("  a shader changed\n"))
      #expect(try render(folder).stderr == "chromake: out/a.mp4 is up to date\n")
    }
  }
}

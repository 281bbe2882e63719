import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Output names the file system cannot hold are refused before anything renders, by `check`,
/// `render -o` and `batch` alike, each with a location or the option that named them.
@Suite("chromake: output names within the file system's limits", .tags(.endToEnd))
struct OutputNameCommandTests {
  /// A one-layer project writing `output` (line 3, column 9).
  static func project(output: String, variables: String = "") -> String {
    """
    version: 1
    output:
      file: \(output)
      size: 64x48
      fps: 10
      video: { preset: ultrafast }
    layers:
      - name: plate
        source: media/plate.mp4
    \(variables)
    """
  }

  private func makePlate(in folder: ScratchFolder) throws {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    try FFmpegCommand.ffmpeg(
      TestMedia.pattern(size: "64x48", rate: 10, seconds: "0.3") + TestMedia.h264()
        + [folder.path("media/plate.mp4")])
  }

  private func write(_ text: String, _ name: String, in folder: ScratchFolder) throws {
    try text.write(to: folder.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  @Test(
    "check, plan and render refuse a long name or a NUL at output.file, and render writes nothing",
    arguments: [
      (
        String(repeating: "a", count: 246) + ".mp4",
        "output.file: the file name is 250 bytes, "
          + "too long for the temporary file chromake writes beside it (288 bytes, over the file "
          + "system's limit of 255 bytes per name) [output-name-too-long]"
      ),
      (
        String(repeating: "a", count: 296) + ".mp4",
        "output.file: the file name is 300 bytes, "
          + "over the file system's limit of 255 bytes per name [output-name-too-long]"
      ),
      (
        "\"out/a\\0b.mp4\"",
        "output.file: it contains a NUL character, which no file name can "
          + "hold [nul-in-path]"
      ),
    ])
  func refusedAtTheValue(output: String, message: String) throws {
    try withScratchFolder { folder in
      try makePlate(in: folder)
      try write(Self.project(output: output), "project.yaml", in: folder)
      let before = SafetyFiles.listing(folder.url)
      for command in ["check", "plan", "render"] {
        let run = try ChromakeBinary.run([command, "project.yaml"], in: folder.url)
        #expect(run.status == 65, "\(command): \(run.stderr)")
        #expect(
          run.stderr.contains("project.yaml:3:9: error: \(message)"), "\(command): \(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain"))
      }
      #expect(SafetyFiles.listing(folder.url) == before, "something was written")
    }
  }

  @Test("render -o with a name too long exits 64, naming the limit, and writes nothing")
  func outputOption() throws {
    try withScratchFolder { folder in
      try makePlate(in: folder)
      try write(Self.project(output: "out.mp4"), "project.yaml", in: folder)
      let before = SafetyFiles.listing(folder.url)
      let name = String(repeating: "o", count: 246) + ".mp4"
      let run = try ChromakeBinary.run(["render", "project.yaml", "-o", name], in: folder.url)
      #expect(run.status == 64, "\(run.stderr)")
      #expect(run.stderr.contains("-o \(name): the file name is 250 bytes"), "\(run.stderr)")
      #expect(run.stderr.contains("at most 217 bytes"), "\(run.stderr)")
      #expect(SafetyFiles.listing(folder.url) == before, "something was written")
      let fits = String(repeating: "o", count: 213) + ".mp4"
      let good = try ChromakeBinary.run(
        ["render", "project.yaml", "-o", fits, "--progress", "none"], in: folder.url)
      #expect(good.status == 0, "\(good.stderr)")
      #expect(FileManager.default.fileExists(atPath: folder.path(fits)))
      #expect(FileManager.default.fileExists(atPath: folder.path(".\(fits).chromake")))
    }
  }

  @Test("a batch row whose value makes the name too long fails alone, naming row and cell")
  func batchRow() throws {
    try withScratchFolder { folder in
      try makePlate(in: folder)
      try write(
        Self.project(output: "\"out/{{label}}.mp4\"", variables: "variables: { label: a }"),
        "project.yaml", in: folder)
      let long = String(repeating: "l", count: 240)
      try write("label\nfine\n\(long)\n", "rows.csv", in: folder)
      let run = try ChromakeBinary.run(
        ["batch", "project.yaml", "--data", "rows.csv"], in: folder.url)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(run.stderr.contains("chromake: rows.csv row 2:"), "\(run.stderr)")
      #expect(
        run.stderr.contains("project.yaml:3:9: error: output.file: the file name is 244 bytes"),
        "\(run.stderr)")
      #expect(run.stderr.contains("[output-name-too-long]"), "\(run.stderr)")
      #expect(run.stderr.contains("rows.csv:3:1"), "the cell is not named:\n\(run.stderr)")
      #expect(FileManager.default.fileExists(atPath: folder.path("out/fine.mp4")))
      #expect(SafetyFiles.listing(folder.url.appendingPathComponent("out")).count == 2)
    }
  }
}

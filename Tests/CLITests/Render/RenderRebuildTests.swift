import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A render notices what chromake itself is made of: its executable and the font files its
/// text is drawn from; and the movie names chromake and its codec libraries.
@Suite("render: a rebuilt chromake, changed fonts, the encoder tag", .tags(.endToEnd))
struct RenderRebuildTests {
  private static let project = StillProject.yaml(
    size: "64x48", duration: "0.2s",
    layers: """
        - { name: band, fill: "#C03020", box: [0, 0, 64, 24] }
        - { name: title, text: "Hi", font: "DejaVu Sans 20", box: [0, 24, 64, 24] }
      """)

  /// Runs `binary render project.yaml --explain` in `folder`, with the user cache (and
  /// anything in `environment`) kept inside the folder.
  private func render(
    _ folder: ScratchFolder, binary: URL = ChromakeBinary.url,
    environment: [String: String] = [:]
  ) throws -> ToolRun {
    try ToolRun.run(
      binary, ["render", "project.yaml", "--progress", "none", "--explain"], in: folder.url,
      environment: environment.merging(["XDG_CACHE_HOME": folder.path("cache")]) { a, _ in a }
        .mapValues { $0 })
  }

  private func writeProject(in folder: ScratchFolder) throws {
    try Self.project.write(
      to: folder.url.appendingPathComponent("project.yaml"), atomically: true, encoding: .utf8)
  }

  private func append(_ text: String, to path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }

  @Test("a rebuilt executable renders again, saying so; an older record is out of date")
  func rebuiltExecutable() throws {
    try withScratchFolder { folder in
      try writeProject(in: folder)
      let copy = folder.url.appendingPathComponent("chromake")
      try FileManager.default.copyItem(at: ChromakeBinary.url, to: copy)
      let first = try render(folder, binary: copy)
      #expect(first.status == 0, "\(first.stderr)")
      #expect(try render(folder, binary: copy).stderr == "chromake: out.mp4 is up to date\n")
      let cache = try String(
        contentsOfFile: folder.path("cache/chromake/identities.json"), encoding: .utf8)
      #expect(cache.contains(copy.path), "the executable's hash is cached by its path")

      // Bytes after the end of an ELF file change nothing it does, but they are a new build.
      try append("rebuilt", to: copy.path)
      let rebuilt = try render(folder, binary: copy)
      #expect(
        rebuilt.stderr
          == "chromake: out.mp4 is rendered because:\n  chromake's executable changed\n",
        "\(rebuilt.stderr)")
      #expect(try render(folder, binary: copy).stderr == "chromake: out.mp4 is up to date\n")

      // The record a chromake of record format 1 wrote: no executable, libraries or fonts.
      let recordURL = folder.url.appendingPathComponent(".out.mp4.chromake")
      var record = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: recordURL)) as? [String: Any])
      record["format"] = 1
      for key in ["executable", "libraries", "fonts"] { record[key] = nil }
      try JSONSerialization.data(withJSONObject: record).write(to: recordURL)
      let older = try render(folder, binary: copy)
      #expect(
        older.stderr.contains(
          "  the record is from an older chromake (record format 1), which did not "
            + "fingerprint its executable, font files and libraries\n"), "\(older.stderr)")
      #expect(try render(folder, binary: copy).stderr == "chromake: out.mp4 is up to date\n")
    }
  }

  @Test("the font file a text layer uses is in the depfile, and a changed one renders again")
  func fontFiles() throws {
    try withScratchFolder { folder in
      try writeProject(in: folder)
      // A fontconfig that knows only a copy of DejaVu Sans, inside the scratch folder.
      let system = try ToolRun.run(tool: "fc-match", ["-f", "%{file}", "DejaVu Sans"]).stdout
      try FileManager.default.createDirectory(
        atPath: folder.path("fonts"), withIntermediateDirectories: true)
      let font = folder.path("fonts/DejaVuSans.ttf")
      try FileManager.default.copyItem(atPath: system, toPath: font)
      try """
      <?xml version="1.0"?>
      <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
      <fontconfig>
        <dir>\(folder.path("fonts"))</dir>
        <cachedir>\(folder.path("fontconfig-cache"))</cachedir>
      </fontconfig>
      """.write(toFile: folder.path("fonts.conf"), atomically: true, encoding: .utf8)
      let environment = ["FONTCONFIG_FILE": folder.path("fonts.conf")]

      let deps = try ChromakeBinary.run(
        ["deps", "project.yaml"], in: folder.url, environment: environment)
      #expect(deps.status == 0, "\(deps.stderr)")
      #expect(
        deps.stdout
          == "out.mp4: \\\n  project.yaml \\\n  fonts/DejaVuSans.ttf\n\nfonts/DejaVuSans.ttf:\n",
        "\(deps.stdout)")

      #expect(try render(folder, environment: environment).status == 0)
      #expect(
        try render(folder, environment: environment).stderr
          == "chromake: out.mp4 is up to date\n")
      // Extra bytes after a TrueType file's tables: the same font to FreeType, another file.
      try append("a new release", to: font)
      let changed = try render(folder, environment: environment)
      #expect(changed.status == 0, "\(changed.stderr)")
      #expect(
        changed.stderr
          == "chromake: out.mp4 is rendered because:\n  the font file \(font) changed\n",
        "\(changed.stderr)")
    }
  }

  @Test("the movie's encoder tag names chromake, libavcodec and libx264")
  func encoderTag() throws {
    try withScratchFolder { folder in
      try writeProject(in: folder)
      #expect(try render(folder).status == 0)
      let tag = try FFmpegCommand.ffprobe([
        "-v", "error", "-show_entries", "format_tags=encoder", "-of",
        "default=noprint_wrappers=1:nokey=1", folder.path("out.mp4"),
      ]).trimmingCharacters(in: .whitespacesAndNewlines)
      let version = try ChromakeBinary.run(["--version"]).stdout
        .trimmingCharacters(in: .whitespacesAndNewlines)
      // libavcodec's version as ffprobe (the same libraries) prints it: "libavcodec 59. 37.100".
      let line = try #require(
        try ToolRun.run(tool: "ffprobe", ["-version"]).stdout.split(separator: "\n")
          .first { $0.hasPrefix("libavcodec") })
      let numbers = line.split(separator: "/")[0].dropFirst("libavcodec".count)
        .replacingOccurrences(of: " ", with: "")
      #expect(tag.hasPrefix("chromake \(version) (Lavc\(numbers), libx264 "), "\(tag)")
      #expect(tag.wholeMatch(of: /chromake .+ \(Lavc[0-9.]+, libx264 [0-9]+\)/) != nil, "\(tag)")
    }
  }
}

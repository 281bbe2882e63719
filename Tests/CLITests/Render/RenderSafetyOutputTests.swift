import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite(
  "chromake render: where the movie goes, and writing nothing when it must not", .tags(.endToEnd))
struct RenderSafetyOutputTests {
  /// A one-second project (25 frames) writing `output`, its clip at `media/clip.mp4`.
  static func project(output: String, extra: [String] = []) -> SafetyProject {
    SafetyProject(
      lines: [
        "version: 1",
        "output:",
        "  file: \(output)",
        "  size: 320x180",
        "  fps: 25",
        "  duration: 1s",
        "  video: { preset: ultrafast }",
        "layers:",
        "  - name: plate",
        "    source: media/clip.mp4",
      ] + extra)
  }

  /// Writes the clip into `folder/media/`.
  private func makeClip(in folder: ScratchFolder) throws {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    try SafetyMedia.clip(folder.path("media/clip.mp4"), seconds: 2)
  }

  @Test("a project with errors exits 65 with every error located, and creates nothing")
  func projectErrors() throws {
    try withScratchFolder { folder in
      try makeClip(in: folder)
      let project = Self.project(
        output: "made/here/out.mp4",
        extra: ["    invalid: 3", "  - name: gone", "    source: media/missing.mp4"])
      try project.write(in: folder)
      let before = SafetyFiles.listing(folder.url)

      let run = try SafetyRun.run(
        ["render", "project.yaml", "--progress", "json"], in: folder.url)
      #expect(run.ending == .exit(65), "stderr:\n\(run.stderr)")
      #expect(run.stdout == "", "a render that never started printed progress")
      for needle in ["invalid", "media/missing.mp4"] {
        let (line, column) = try #require(project.location(of: needle))
        #expect(
          run.stderr.contains("project.yaml:\(line):\(column): error: "),
          "no error at \(line):\(column) for \(needle):\n\(run.stderr)")
      }
      #expect(run.stderr.contains("2 errors"), "stderr:\n\(run.stderr)")
      #expect(SafetyFiles.listing(folder.url) == before, "the render wrote something")
    }
  }

  @Test("output.file in folders that do not exist yet: they are made, and the movie is whole")
  func missingFolders() throws {
    try withScratchFolder { folder in
      try makeClip(in: folder)
      try Self.project(output: "deep/er/out.mp4").write(in: folder)
      let run = try SafetyRun.run(
        ["render", "project.yaml", "--progress", "none"], in: folder.url)
      #expect(run.ending == .exit(0), "stderr:\n\(run.stderr)")
      #expect(try SafetyFiles.decodedFrameCount(folder.path("deep/er/out.mp4")) == 25)
      #expect(
        SafetyFiles.listing(folder.url.appendingPathComponent("deep"))
          == ["er", "er/.out.mp4.chromake", "er/out.mp4"], "the movie and its render record")
    }
  }

  /// `folder/proj/` holds the project (writing `out.mp4`) and its clip; `folder/run/` is where
  /// chromake is started, with `alias` a symbolic link to `../proj`.
  private func prepareTwoFolders(_ folder: ScratchFolder) throws -> (proj: URL, run: URL) {
    let proj = folder.url.appendingPathComponent("proj")
    let run = folder.url.appendingPathComponent("run")
    for url in [proj, run] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    let inner = ScratchFolder(url: proj)
    try makeClip(in: inner)
    try Self.project(output: "out.mp4").write(in: inner)
    try FileManager.default.createSymbolicLink(
      atPath: run.appendingPathComponent("alias").path, withDestinationPath: "../proj")
    return (proj, run)
  }

  @Test("-o is relative to the current folder, and output.file is then left alone")
  func outputOverride() throws {
    try withScratchFolder { folder in
      let (proj, run) = try prepareTwoFolders(folder)
      let render = try SafetyRun.run(
        ["render", "../proj/project.yaml", "-o", "other.mp4", "--progress", "none"], in: run)
      #expect(render.ending == .exit(0), "stderr:\n\(render.stderr)")
      #expect(try SafetyFiles.decodedFrameCount(run.appendingPathComponent("other.mp4").path) == 25)
      #expect(!FileManager.default.fileExists(atPath: proj.appendingPathComponent("out.mp4").path))
      #expect(
        !FileManager.default.fileExists(atPath: proj.appendingPathComponent("other.mp4").path))
      #expect(SafetyFiles.partials(under: folder.url) == [])
    }
  }

  @Test("-o naming one of the project's inputs exits 64 and leaves the input as it was")
  func outputIsAnInput() throws {
    try withScratchFolder { folder in
      let (proj, run) = try prepareTwoFolders(folder)
      let input = proj.appendingPathComponent("media/clip.mp4").path
      let before = try #require(SafetyFiles.contents(input))
      for path in [
        "../proj/media/clip.mp4", "./../run/../proj/media//clip.mp4",
        run.path + "/../proj/media/clip.mp4",
      ] {
        let render = try SafetyRun.run(
          ["render", "../proj/project.yaml", "-o", path, "--progress", "none"], in: run)
        #expect(render.ending == .exit(64), "-o \(path): \(render.stderr)")
        #expect(render.stderr.contains("input"), "-o \(path): \(render.stderr)")
        #expect(SafetyFiles.contents(input) == before, "-o \(path) overwrote the input")
      }
      #expect(SafetyFiles.partials(under: folder.url) == [])
    }
  }

  @Test("-o naming an input through a symbolic link to its folder exits 64, input untouched")
  func outputIsAnInputThroughALink() throws {
    try withScratchFolder { folder in
      let (proj, run) = try prepareTwoFolders(folder)
      let input = proj.appendingPathComponent("media/clip.mp4").path
      let before = try #require(SafetyFiles.contents(input))
      let render = try SafetyRun.run(
        ["render", "../proj/project.yaml", "-o", "alias/media/clip.mp4", "--progress", "none"],
        in: run)
      #expect(render.ending == .exit(64), "stderr:\n\(render.stderr)")
      #expect(SafetyFiles.contents(input) == before, "the input was overwritten")
    }
  }

  @Test("output.file naming an input through a symbolic link is a project error, input untouched")
  func outputFileIsAnInputThroughALink() throws {
    try withScratchFolder { folder in
      let (proj, run) = try prepareTwoFolders(folder)
      let input = proj.appendingPathComponent("media/clip.mp4").path
      let before = try #require(SafetyFiles.contents(input))
      try Self.project(output: run.path + "/alias/media/clip.mp4")
        .write(in: ScratchFolder(url: proj))
      let render = try SafetyRun.run(
        ["render", "project.yaml", "--progress", "none"], in: proj)
      #expect(render.ending == .exit(65), "stderr:\n\(render.stderr)")
      #expect(SafetyFiles.contents(input) == before, "the input was overwritten")
    }
  }

  @Test("a record that cannot be written: the movie is in place, one warning in our words")
  func recordInTheWay() throws {
    try withScratchFolder { folder in
      try makeClip(in: folder)
      try Self.project(output: "out.mp4").write(in: folder)
      // A folder holding the record's name: the rename over it fails.
      let blocker = folder.path(".out.mp4.chromake")
      try FileManager.default.createDirectory(
        atPath: blocker + "/kept", withIntermediateDirectories: true)
      let run = try SafetyRun.run(
        ["render", "project.yaml", "--progress", "none"], in: folder.url)
      #expect(run.ending == .exit(0), "stderr:\n\(run.stderr)")
      #expect(try SafetyFiles.decodedFrameCount(folder.path("out.mp4")) == 25)
      #expect(
        run.stderr.contains(
          "chromake: warning: cannot write the render record '\(blocker)': Is a directory; "
            + "the next render will run again"), "stderr:\n\(run.stderr)")
      for dump in ["NSCocoaErrorDomain", "Error Domain", "UserInfo"] {
        #expect(!run.stderr.contains(dump), "stderr:\n\(run.stderr)")
      }
      #expect(
        FileManager.default.fileExists(atPath: blocker + "/kept"),
        "the folder in the way was deleted")
    }
  }

  @Test("-o with an extension chromake does not write exits 64 and writes nothing")
  func outputExtension() throws {
    try withScratchFolder { folder in
      try makeClip(in: folder)
      try Self.project(output: "out.mp4").write(in: folder)
      let before = SafetyFiles.listing(folder.url)
      for name in ["x.avi", "x", "x.mp4.txt", "frames/x.png"] {
        let run = try SafetyRun.run(
          ["render", "project.yaml", "-o", name, "--progress", "none"], in: folder.url)
        #expect(run.ending == .exit(64), "-o \(name): \(run.stderr)")
        #expect(
          run.stderr.contains(".mp4, .mov, .mkv, .webm, .gif, .webp")
            || run.stderr.contains("frame-number pattern"), "-o \(name): \(run.stderr)")
        #expect(SafetyFiles.listing(folder.url) == before, "-o \(name) wrote something")
      }
    }
  }
}

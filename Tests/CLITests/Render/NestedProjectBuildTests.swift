import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A child project as part of a make-style build, and its errors as a user meets them: the
/// parent's output depends on the child's file and every input of it, `--explain` names the
/// child and the input that changed, and a cycle, nesting too deep or a data value leading
/// out of the child's folder is an error at its line.
@Suite("chromake: projects inside projects, as a build and as errors", .tags(.endToEnd))
struct NestedProjectBuildTests {
  static func write(_ text: String, _ name: String, in folder: ScratchFolder) throws {
    let path = folder.path(name)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  static func child(colour: String) -> String {
    """
    version: 1
    output: { file: intro.mp4, size: 64x48, fps: 10, duration: 1s }
    layers:
      - { name: plate, source: plate.mp4 }
      - { name: badge, fill: "\(colour)", box: [8, 8, 16, 16] }
    """
  }

  static let parent = """
    version: 1
    output: { file: out/ad.mp4, size: 64x48, fps: 10, video: { preset: ultrafast } }
    layers:
      - { name: intro, project: bumpers/intro.yaml }
    """

  static func render(_ folder: ScratchFolder) throws -> ToolRun {
    try ChromakeBinary.run(
      ["render", "ad.yaml", "--progress", "none", "--explain"], in: folder.url,
      environment: ["XDG_CACHE_HOME": folder.path("cache")])
  }

  @Test(
    "editing the child's file or one of its media renders the parent again and says which; deps lists them"
  )
  func childInputsAreDependencies() throws {
    try withScratchFolder { folder in
      try FileManager.default.createDirectory(
        atPath: folder.path("bumpers"), withIntermediateDirectories: true)
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x48", rate: 10, seconds: "1") + TestMedia.h264()
          + [folder.path("bumpers/plate.mp4")])
      try Self.write(Self.child(colour: "#FF0000"), "bumpers/intro.yaml", in: folder)
      try Self.write(Self.parent, "ad.yaml", in: folder)
      let first = try Self.render(folder)
      #expect(first.status == 0, "\(first.stderr)")
      let again = try Self.render(folder)
      #expect(again.stderr == "chromake: out/ad.mp4 is up to date\n", "\(again.stderr)")

      let deps = try ChromakeBinary.run(["deps", "ad.yaml"], in: folder.url)
      #expect(deps.stdout.contains("bumpers/intro.yaml"), "\(deps.stdout)")
      #expect(deps.stdout.contains("bumpers/plate.mp4"), "\(deps.stdout)")

      try Self.write(Self.child(colour: "#00FF00"), "bumpers/intro.yaml", in: folder)
      let edited = try Self.render(folder)
      #expect(edited.status == 0)
      #expect(
        edited.stderr.contains("  child project bumpers/intro.yaml changed\n"), "\(edited.stderr)")

      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x48", rate: 10, seconds: "1.5") + TestMedia.h264()
          + [folder.path("bumpers/plate.mp4")])
      let media = try Self.render(folder)
      #expect(media.status == 0)
      #expect(
        media.stderr.contains(
          "  input bumpers/plate.mp4 of child project bumpers/intro.yaml changed\n"),
        "\(media.stderr)")
      #expect(!media.stderr.contains("child project bumpers/intro.yaml changed\n  "))
      #expect(try Self.render(folder).stderr == "chromake: out/ad.mp4 is up to date\n")
    }
  }

  @Test("a project that draws itself through another is an error naming the chain with lines")
  func cycle() throws {
    try withScratchFolder { folder in
      for (name, other) in [("a", "parts/b.yaml"), ("parts/b", "../a.yaml")] {
        try Self.write(
          """
          version: 1
          output: { file: \((name as NSString).lastPathComponent).mp4, size: 64x48, fps: 10, duration: 1s }
          layers:
            - { name: bg, fill: "#000000" }
            - { name: inner, project: \(other) }
          """, "\(name).yaml", in: folder)
      }
      let run = try ChromakeBinary.run(["check", "a.yaml"], in: folder.url)
      #expect(run.status == 65)
      #expect(
        run.stderr.contains(
          "parts/b.yaml:5:29: error: project 'a.yaml' draws itself: a.yaml:5 → b.yaml:5 → a.yaml [project-cycle]"
        ), "\(run.stderr)")
      #expect(
        run.stderr.contains("note: in project 'parts/b.yaml', drawn by layer 'inner' (a.yaml:5:29)")
      )
    }
  }

  @Test("nesting deeper than 8 is an error at the ninth child's line")
  func tooDeep() throws {
    try withScratchFolder { folder in
      for level in 0...9 {
        let inner = level < 9 ? "- { name: inner, project: p\(level + 1).yaml }" : ""
        try Self.write(
          """
          version: 1
          output: { file: p\(level).mp4, size: 64x48, fps: 10, duration: 1s }
          layers:
            - { name: bg, fill: "#000000" }
            \(inner)
          """, "p\(level).yaml", in: folder)
      }
      let deep = try ChromakeBinary.run(["check", "p1.yaml"], in: folder.url)
      #expect(deep.status == 0, "eight levels under p1 are allowed: \(deep.stderr)")
      let tooDeep = try ChromakeBinary.run(["check", "p0.yaml"], in: folder.url)
      #expect(tooDeep.status == 65)
      #expect(
        tooDeep.stderr.contains(
          "p8.yaml:5:29: error: projects are nested more than 8 deep: p0.yaml:5 → p1.yaml:5 → p2.yaml:5 → p3.yaml:5 → p4.yaml:5 → p5.yaml:5 → p6.yaml:5 → p7.yaml:5 → p8.yaml:5 → p9.yaml [project-too-deep]"
        ), "\(tooDeep.stderr)")
    }
  }

  @Test(
    "a data cell passed to a child's path may not lead out of the root project's folder; the parent's own text may"
  )
  func dataStaysInsideTheChild() throws {
    try withScratchFolder { folder in
      try FileManager.default.createDirectory(
        atPath: folder.path("media"), withIntermediateDirectories: true)
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x48", rate: 10, seconds: "1") + TestMedia.h264()
          + [folder.path("media/plate.mp4")])
      try Self.write(
        """
        version: 1
        variables: { clip: plate.mp4 }
        output: { file: intro.mp4, size: 64x48, fps: 10 }
        layers:
          - { name: plate, source: "{{clip}}" }
        """, "bumpers/intro.yaml", in: folder)
      try Self.write(
        """
        version: 1
        variables: { clip: ../media/plate.mp4 }
        output: { file: ad.mp4, size: 64x48, fps: 10 }
        layers:
          - { name: written, project: bumpers/intro.yaml, variables: { clip: ../media/plate.mp4 } }
          - { name: data, project: bumpers/intro.yaml, variables: { clip: "{{clip}}" } }
        """, "ad.yaml", in: folder)
      let run = try ChromakeBinary.run(
        ["check", "ad.yaml", "--set", "clip=../../etc/passwd"], in: folder.url)
      #expect(run.status == 65)
      // The value the parent wrote as it is reads the parent's media; the one from --set is
      // refused at the child's line, with how it was made.
      #expect(
        run.stderr.contains(
          "bumpers/intro.yaml:5:28: error: source '../../etc/passwd' leads outside the root project's folder [path-outside-project]"
        ), "\(run.stderr)")
      #expect(run.stderr.contains("note: in project 'bumpers/intro.yaml', drawn by layer 'data'"))
      #expect(!run.stderr.contains("layer 'written'"), "\(run.stderr)")
      #expect(run.stderr.components(separatedBy: "error:").count == 2, "\(run.stderr)")
      // Inside the root project's folder (the one checked), data may lead out of the child's.
      let inside = try ChromakeBinary.run(
        ["check", "ad.yaml", "--set", "clip=../media/plate.mp4"], in: folder.url)
      #expect(inside.status == 0, "\(inside.stderr)")
    }
  }
}

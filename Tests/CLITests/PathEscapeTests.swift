import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite("chromake keeps paths from --set inside the project", .tags(.endToEnd))
struct PathEscapeTests {
  static let project = """
    version: 1
    variables:
      src: media/plate.mp4
    output:
      file: out/x.mp4
      size: 320x180
      fps: 30
    layers:
      - name: plate
        source: "{{src}}"

    """

  @Test("check --set src=../../etc/passwd: exit 65, the error at the value, the file unread")
  func escapeIsRefused() throws {
    try withScratchFolder { folder in
      try CLIMedia.project("project.yaml", Self.project, in: folder)
      let run = try ChromakeBinary.run(
        ["check", "project.yaml", "--set", "src=../../etc/passwd"], in: folder.url)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(
        run.stderr.contains(
          "project.yaml:10:13: error: source '../../etc/passwd' leads outside the project's folder [path-outside-project]"
        ), "\(run.stderr)")
      #expect(run.stderr.contains("'{{src}}' was replaced by '../../etc/passwd' (from --set)"))
      #expect(run.stderr.contains("pass --allow-outside-root to allow it"))
      // Refused before probing: FFmpeg never read the file, so it has nothing to say about it.
      #expect(!run.stderr.contains("not-media"), "\(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
  }

  @Test("with --allow-outside-root the same path is let through (and then probed)")
  func allowOutsideRoot() throws {
    try withScratchFolder { folder in
      try CLIMedia.project("project.yaml", Self.project, in: folder)
      let run = try ChromakeBinary.run(
        ["check", "project.yaml", "--set", "src=../../etc/passwd", "--allow-outside-root"],
        in: folder.url)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(!run.stderr.contains("path-outside-project"), "\(run.stderr)")
      #expect(run.stderr.contains("project.yaml:10:13: error: "), "\(run.stderr)")
    }
  }
}

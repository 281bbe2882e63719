import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Hostile child projects through the real binary: files that are no project, cycles through
/// symbolic links, data paths inside a child, values whose origin a child's error must name,
/// a child's plan reused at another depth, and seeded random trees of children.
@Suite(
  "Hostile child projects, run as a user would", .tags(.endToEnd), .ownTimeLimit(.seconds(5 * 60)))
struct NestedHostileCLITests {
  static func write(_ text: String, _ name: String, in folder: ScratchFolder) throws {
    let url = folder.url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  /// A parent drawing `child` (its `project:` on line 6, column 28).
  static func parent(_ child: String) -> String {
    """
    version: 1
    output: { file: out/p.mp4, size: 64x36, fps: 30, duration: 2f }
    layers:
      - name: ground
        fill: "#000000"
      - { name: part, project: "\(child)" }
    """
  }

  static let leaf = """
    version: 1
    output: { file: leaf.mp4, size: 64x36, fps: 30, duration: 1s }
    layers:
      - { name: ground, fill: "#E4572E" }
    """

  /// The lines of `stderr` that report an error and do not start with `file:line:col:`.
  static func unlocated(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter { $0.contains(" error: ") || $0.hasPrefix("error:") }
      .filter { line in
        let parts = line.split(separator: ":", maxSplits: 3)
        return !(parts.count == 4 && Int(parts[1]) != nil && Int(parts[2]) != nil)
      }
  }

  @Test("a child that is no project is one error at the layer, quoting none of its lines")
  func notAProject() throws {
    try withScratchFolder { folder in
      let passwd = try String(contentsOfFile: "/etc/passwd", encoding: .utf8)
      let firstLine = String(passwd.split(separator: "\n").first ?? "")
      try Self.write("api_token: s3cr3t-l1ne\nother: 1\n", "notes.yaml", in: folder)
      for (child, secret) in [("/etc/passwd", firstLine), ("notes.yaml", "s3cr3t-l1ne")] {
        try Self.write(Self.parent(child), "p.yaml", in: folder)
        let run = try ChromakeBinary.run(["check", "p.yaml"], in: folder.url)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("p.yaml:6:28: error:"), "\(run.stderr)")
        #expect(run.stderr.contains("is not a"), "\(run.stderr)")
        #expect(!firstLine.isEmpty && !run.stderr.contains(secret), "\(run.stderr)")
        #expect(Self.unlocated(run.stderr).isEmpty, "\(run.stderr)")
      }
    }
  }

  @Test("a cycle through a symbolic link (link -> .) is reported as a cycle, not as depth")
  func cycleThroughLink() throws {
    try withScratchFolder { folder in
      try FileManager.default.createSymbolicLink(
        atPath: folder.path("link"), withDestinationPath: ".")
      try Self.write(Self.parent("link/p.yaml"), "p.yaml", in: folder)
      let run = try ChromakeBinary.run(["check", "p.yaml"], in: folder.url)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(
        run.stderr.contains("p.yaml:6:28: error: project 'p.yaml' draws itself"), "\(run.stderr)")
      #expect(!run.stderr.contains("nested more than"), "\(run.stderr)")
      #expect(Self.unlocated(run.stderr).isEmpty, "\(run.stderr)")
    }
  }

  /// A flat 256×256 PNG of one colour at `path` in `folder`.
  static func logo(_ path: String, _ color: String, in folder: ScratchFolder) throws {
    try FFmpegCommand.ffmpeg([
      "-f", "lavfi", "-i", "color=c=\(color):s=256x256:d=1", "-frames:v", "1", folder.path(path),
    ])
  }

  @Test("the bundled bumpers show each row's own logo, a data path held to the root's folder")
  func bumpersFollowTheBrand() throws {
    try withScratchFolder { folder in
      // The repository's own bumper, drawn as Projects/ad-bumpers.yaml draws it.
      let projects = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Projects")
      let intro = try String(
        contentsOf: projects.appendingPathComponent("bumpers/intro.yaml"), encoding: .utf8)
      try Self.write(intro, "bumpers/intro.yaml", in: folder)
      try FileManager.default.createDirectory(
        atPath: folder.path("media"), withIntermediateDirectories: true)
      let brands = ["teal": [23, 190, 187], "orange": [228, 87, 46], "violet": [106, 76, 147]]
      for (brand, rgb) in brands {
        try Self.logo(
          "media/logo-\(brand).png",
          String(format: "0x%02X%02X%02X", rgb[0], rgb[1], rgb[2]), in: folder)
      }
      try Self.write(
        """
        version: 1
        variables: { size: 320x180, brand: teal, band: "#1D3557E0" }
        output: { file: out/ad.mp4, size: "{{size}}", fps: 30 }
        layers:
          - name: intro
            project: bumpers/intro.yaml
            variables: { size: "{{size}}", brand: "{{brand}}", band: "{{band}}" }
        """, "ad.yaml", in: folder)
      for (brand, rgb) in brands {
        let png = folder.path("\(brand).png")
        let run = try ChromakeBinary.run(
          ["frame", "ad.yaml", "--at", "1s", "--set", "brand=\(brand)", "-o", png], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        // The logo settles in [35%, 15%, 30%, 30%], contained: centred at (160, 54).
        let bytes = try RenderedMovie.rgb24(png, in: folder)
        let at = (50 * 320 + 155) * 3
        let got = [Int(bytes[at]), Int(bytes[at + 1]), Int(bytes[at + 2])]
        #expect(zip(got, rgb).allSatisfy { abs($0 - $1) <= 12 }, "\(brand): \(got)")
      }
      // A data value still cannot lead out of the root's folder from inside the child.
      let logoLine =
        1
        + (intro.split(separator: "\n", omittingEmptySubsequences: false)
          .firstIndex { $0.contains("logo-{{brand}}") } ?? -2)
      let run = try ChromakeBinary.run(
        ["check", "ad.yaml", "--set", "brand=../../../../etc/x"], in: folder.url)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(
        run.stderr.contains(
          "bumpers/intro.yaml:\(logoLine):12: error: image '../media/logo-../../../../etc/x.png' leads outside the root project's folder"
        ),
        "\(run.stderr)")
      #expect(run.stderr.contains("from --set"), "\(run.stderr)")
      #expect(Self.unlocated(run.stderr).isEmpty, "\(run.stderr)")
    }
  }

  @Test("a child's error names the --set its value came from through the parent")
  func childErrorNamesTheSet() throws {
    try withScratchFolder { folder in
      try Self.write(
        """
        version: 1
        variables: { logo: none.png }
        output: { file: c.mp4, size: 64x36, fps: 30, duration: 1s }
        layers:
          - { name: logo, image: "{{logo}}" }
        """, "parts/c.yaml", in: folder)
      try Self.write(
        """
        version: 1
        variables: { pick: a.png }
        output: { file: out/p.mp4, size: 64x36, fps: 30, duration: 2f }
        layers:
          - { name: part, project: parts/c.yaml, variables: { logo: "{{pick}}" } }
        """, "p.yaml", in: folder)
      let run = try ChromakeBinary.run(
        ["check", "p.yaml", "--set", "pick=missing.png"], in: folder.url)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(run.stderr.contains("parts/c.yaml:5:"), "\(run.stderr)")
      #expect(run.stderr.contains("'{{pick}}' from --set"), "\(run.stderr)")
      #expect(Self.unlocated(run.stderr).isEmpty, "\(run.stderr)")
    }
  }

  @Test("two uses with the same values, one written and one from --set: the --set one is checked")
  func sameValuesOneFromData() throws {
    try withScratchFolder { folder in
      // The root project lives in proj/; x.mp4 lies outside it.
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x36", rate: 30, seconds: "1") + TestMedia.h264()
          + [folder.path("x.mp4")])
      try Self.write(
        """
        version: 1
        variables: { clip: none.mp4 }
        output: { file: c.mp4, size: 64x36, fps: 30, duration: 1s }
        layers:
          - { name: plate, source: "{{clip}}" }
        """, "proj/bumpers/c.yaml", in: folder)
      try Self.write(
        """
        version: 1
        output: { file: out/p.mp4, size: 64x36, fps: 30, duration: 2f }
        layers:
          - { name: written, project: bumpers/c.yaml, variables: { clip: ../../x.mp4 } }
          - { name: data, project: bumpers/c.yaml, variables: { clip: "{{clip}}" } }
        """, "proj/p.yaml", in: folder)
      let run = try ChromakeBinary.run(
        ["check", "p.yaml", "--set", "clip=../../x.mp4"],
        in: folder.url.appendingPathComponent("proj"))
      #expect(run.status == 65, "\(run.stderr)")
      #expect(
        run.stderr.contains(
          "bumpers/c.yaml:5:28: error: source '../../x.mp4' leads outside the root project's folder"
        ), "\(run.stderr)")
      #expect(run.stderr.contains("drawn by layer 'data'"), "\(run.stderr)")
      #expect(!run.stderr.contains("drawn by layer 'written'"), "\(run.stderr)")
      #expect(run.stderr.components(separatedBy: " error: ").count == 2, "\(run.stderr)")
    }
  }

  @Test("two uses with the same values, a different variable data in each, are both checked")
  func sameValuesOtherVariableFromData() throws {
    try withScratchFolder { folder in
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x36", rate: 30, seconds: "1") + TestMedia.h264()
          + [folder.path("x.mp4")])
      try Self.write(
        """
        version: 1
        variables: { a: none.mp4, b: none.mp4 }
        output: { file: c.mp4, size: 64x36, fps: 30, duration: 1s }
        layers:
          - { name: first, source: "{{a}}" }
          - { name: second, source: "{{b}}" }
        """, "proj/bumpers/c.yaml", in: folder)
      // Both layers give a and b the same values; in 'one' a is data, in 'two' b is, and each
      // writes its variables in another order.
      try Self.write(
        """
        version: 1
        output: { file: out/p.mp4, size: 64x36, fps: 30, duration: 2f }
        layers:
          - { name: one, project: bumpers/c.yaml, variables: { a: "{{clip}}", b: ../../x.mp4 } }
          - { name: two, project: bumpers/c.yaml, variables: { b: "{{clip}}", a: ../../x.mp4 } }
        """, "proj/p.yaml", in: folder)
      let run = try ChromakeBinary.run(
        ["check", "p.yaml", "--set", "clip=../../x.mp4"],
        in: folder.url.appendingPathComponent("proj"))
      #expect(run.status == 65, "\(run.stderr)")
      #expect(run.stderr.contains("bumpers/c.yaml:5:"), "\(run.stderr)")
      #expect(run.stderr.contains("bumpers/c.yaml:6:"), "\(run.stderr)")
      #expect(run.stderr.contains("drawn by layer 'one'"), "\(run.stderr)")
      #expect(run.stderr.contains("drawn by layer 'two'"), "\(run.stderr)")
    }
  }

  @Test("a child outside the root's folder may build data paths inside its own folder")
  func libraryOutsideTheRoot() throws {
    try withScratchFolder { folder in
      try Self.write(
        """
        version: 1
        variables: { lang: en }
        output: { file: intro.mp4, size: 64x36, fps: 30, duration: 1s }
        layers:
          - { name: plate, source: "intro-{{lang}}.mp4" }
        """, "lib/intro.yaml", in: folder)
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "64x36", rate: 30, seconds: "1") + TestMedia.h264()
          + [folder.path("lib/intro-en.mp4")])
      try Self.write(
        """
        version: 1
        output: { file: out/p.mp4, size: 64x36, fps: 30, duration: 2f }
        layers:
          - { name: intro, project: ../lib/intro.yaml, variables: { lang: "{{lang}}" } }
        """, "proj/p.yaml", in: folder)
      let project = folder.url.appendingPathComponent("proj")
      let inside = try ChromakeBinary.run(["check", "p.yaml", "--set", "lang=en"], in: project)
      #expect(inside.status == 0, "\(inside.stderr)")
      // Out of both folders: refused at the child's line.
      let outside = try ChromakeBinary.run(
        ["check", "p.yaml", "--set", "lang=/../../../x"], in: project)
      #expect(outside.status == 65, "\(outside.stderr)")
      #expect(
        outside.stderr.contains(
          "lib/intro.yaml:5:28: error: source 'intro-/../../../x.mp4' leads outside"),
        "\(outside.stderr)")
    }
  }

  @Test("a child's times in frames count its own frames, not its parent's")
  func childFramesAtItsOwnRate() throws {
    try withScratchFolder { folder in
      // 45 frames at 25 fps: 1.8 s, which the 30 fps parent shows as 54 frames (not 45).
      try Self.write(
        """
        version: 1
        output: { file: c.mp4, size: 64x36, fps: 25, duration: 45f }
        layers:
          - { name: ground, fill: "#E4572E", start: 5f }
        """, "c.yaml", in: folder)
      try Self.write(
        """
        version: 1
        output: { file: out/p.mp4, size: 64x36, fps: 30 }
        layers:
          - { name: part, project: c.yaml }
        """, "p.yaml", in: folder)
      let run = try ChromakeBinary.run(["check", "p.yaml"], in: folder.url)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("54 frames (1.800 s at 30 fps)"), "\(run.stdout)")
    }
  }

  @Test("a batch row reaching a child deeper than another row did still meets the depth limit")
  func cachedChildKeepsTheDepthLimit() throws {
    try withScratchFolder { folder in
      // c.yaml → d2 → … → d8: 8 deep from a root that draws c; 9 from one that draws b → c.
      try Self.write(Self.leaf, "d8.yaml", in: folder)
      for level in 2..<8 {
        try Self.write(
          """
          version: 1
          output: { file: d.mp4, size: 64x36, fps: 30, duration: 1s }
          layers:
            - { name: inner, project: d\(level + 1).yaml }
          """, "d\(level).yaml", in: folder)
      }
      for (name, inner) in [("c", "d2"), ("b", "c")] {
        try Self.write(
          """
          version: 1
          output: { file: x.mp4, size: 64x36, fps: 30, duration: 1s }
          layers:
            - { name: inner, project: \(inner).yaml }
          """, "\(name).yaml", in: folder)
      }
      try Self.write(
        """
        version: 1
        variables: { id: x, which: c }
        output: { file: "out/{{id}}.mp4", size: 64x36, fps: 30, duration: 1f }
        layers:
          - { name: part, project: "{{which}}.yaml" }
        """, "root.yaml", in: folder)
      try Self.write("id,which\n1,c\n2,b\n", "rows.csv", in: folder)
      let run = try ChromakeBinary.run(
        ["batch", "root.yaml", "--data", "rows.csv"], in: folder.url)
      #expect(run.status != 0, "\(run.stderr)")
      #expect(run.stderr.contains("nested more than 8 deep"), "\(run.stderr)")
      #expect(FileManager.default.fileExists(atPath: folder.path("out/1.mp4")))
      #expect(!FileManager.default.fileExists(atPath: folder.path("out/2.mp4")))
    }
  }

  @Test("80 seeded random trees of children: check exits 0 or 65, every error located, in time")
  func randomTrees() throws {
    try withScratchFolder { folder in
      var random = ProjectMutator.Random(state: 0xC41D)
      let names = ["a.yaml", "b.yaml", "sub/c.yaml", "sub/d.yaml", "e.yaml"]
      try FileManager.default.createSymbolicLink(
        atPath: folder.path("up"), withDestinationPath: ".")
      try Self.write("not: [a project", "junk.yaml", in: folder)
      var rejected = 0
      for round in 0..<80 {
        for name in names {
          let prefix = name.hasPrefix("sub/") ? "../" : ""
          // Each draws up to three others (itself included), through the link or a missing
          // or non-project file now and then, at random times and sizes.
          let uses = (0..<random.below(4)).map { index -> String in
            let target = random.pick(
              names.map { prefix + $0 } + [
                "up/a.yaml", "missing.yaml", "junk.yaml", "/etc/hostname", "sub",
              ])
            let start = random.pick(["0s", "1f", "\(index)f", "-1s", "99999h"])
            let size = random.pick(["", ", box: [0, 0, 8, 8]", ", variables: { v: \"{{v}}\" }"])
            return "  - { name: u\(index), project: \"\(target)\", start: \(start)\(size) }"
          }
          var text = """
            version: 1
            variables: { v: x }
            output: { file: o.mp4, size: \(random.pick(["64x36", "8192x8192", "2x2"])), fps: 30, duration: 3f }
            layers:
              - { name: ground, fill: "#102030" }
            \(uses.joined(separator: "\n"))
            """
          if random.below(4) == 0 { text = ProjectMutator.mutate(text, &random) }
          try Self.write(text, name, in: folder)
        }
        let run = try WatchedRun.run(
          ChromakeBinary.url, ["check", "a.yaml"], in: folder.url, limit: 60)
        #expect(
          run.status == 0 || run.status == 65, "round \(round) exited \(run.status): \(run.stderr)")
        #expect(Self.unlocated(run.stderr).isEmpty, "round \(round): \(run.stderr)")
        if run.status == 65 { rejected += 1 }
      }
      #expect(rejected >= 10)
    }
  }
}

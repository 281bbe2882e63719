import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite("chromake check and plan, run as a user would", .tags(.endToEnd))
struct CheckCommandTests {
  static let good = """
    version: 1
    output:
      file: out/demo.mp4
      size: 320x180
      fps: 30
    layers:
      - name: plate
        source: media/plate.mp4
      - name: presenter
        source: media/green.mp4
        start: 0.5s
        key: { similarity: 0.3 }
    audio:
      - name: music
        source: media/music.m4a
        gain: -12dB

    """

  @Test("a good project checks clean: exit 0, a summary on stdout, nothing on stderr")
  func good() throws {
    try withScratchFolder { folder in
      try CLIMedia.make(in: folder)
      try CLIMedia.project("good.yaml", Self.good, in: folder)
      let run = try ChromakeBinary.run(["check", "good.yaml"], in: folder.url)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.isEmpty)
      #expect(
        run.stdout == "good.yaml: ok: 2 layers, 3 audio streams, 60 frames (2.000 s at 30 fps)\n")
    }
  }

  @Test("media problems are located at the value that names the file, all in one run")
  func mediaProblems() throws {
    try withScratchFolder { folder in
      try CLIMedia.make(in: folder)
      let text = """
        version: 1
        output:
          file: out/x.mp4
          size: 320x180
          fps: 30
        layers:
          - name: plate
            source: media/plate.mp4
            in: 5s
            audio: { streams: [0, 1] }
          - name: missing
            source: media/nope.mp4
          - name: text
            source: media/notes.mp4
          - name: music
            source: media/music.m4a
        audio:
          - name: silent
            source: media/green.mp4
            streams: [0]
          - name: folder
            source: media
        """
      try CLIMedia.project("media.yaml", text, in: folder)
      let run = try ChromakeBinary.run(["check", "media.yaml"], in: folder.url)
      #expect(run.status == 65)
      let expected = [
        "media.yaml:9:9: error: layer 'plate': in (5.000 s) is at or past the end of the source (2.000 s) [past-end]",
        "media.yaml:10:27: error: layer 'plate': there is no audio stream 1 [no-such-stream]",
        "media.yaml:12:13: error: source of 'missing': no such file 'media/nope.mp4' [missing-media]",
        "media.yaml:14:13: error: source of 'text': 'media/notes.mp4' is not a media file FFmpeg can read",
        "media.yaml:16:13: error: layer 'music': 'media/music.m4a' has no video stream [no-video-stream]",
        "media.yaml:22:13: error: audio track source of 'folder': 'media' cannot be read",
      ]
      for line in expected {
        #expect(run.stderr.contains(line), "missing: \(line)\n--- stderr:\n\(run.stderr)")
      }
      #expect(run.stderr.hasSuffix("6 errors\n"), "\(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
  }

  @Test("plan --json is canonical: byte-identical across runs, sorted keys, exact rationals")
  func planJSON() throws {
    try withScratchFolder { folder in
      try CLIMedia.make(in: folder)
      try CLIMedia.project("good.yaml", Self.good, in: folder)
      let a = try ChromakeBinary.run(["plan", "good.yaml", "--json"], in: folder.url)
      let b = try ChromakeBinary.run(["plan", "--json", "good.yaml"], in: folder.url)
      #expect(a.status == 0, "\(a.stderr)")
      #expect(a.stdout == b.stdout)
      let json = try JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as? [String: Any]
      let output = try #require(json?["output"] as? [String: Any])
      #expect(output["frameCount"] as? Int == 60)
      #expect(output["fps"] as? String == "30")
      let layers = try #require(json?["layers"] as? [[String: Any]])
      // The 25 fps, 1.2 s presenter starts at 0.5 s and ends at 1.7 s: frames 15..<51.
      let frames = try #require(layers[1]["frames"] as? [String: Any])
      #expect(frames["first"] as? Int == 15 && frames["end"] as? Int == 51)
      let audio = try #require(json?["audio"] as? [[String: Any]])
      #expect(audio.count == 3)
      let music = try #require(audio.first { $0["owner"] as? String == "music" })
      #expect(music["firstSample"] as? Int == 0 && music["endSample"] as? Int == 96000)
      #expect(a.stdout.contains("\"audio\" : [") && !a.stdout.contains("\\/"))
    }
  }

  @Test("plan prints a readable table of layers, audio streams and inputs")
  func planTable() throws {
    try withScratchFolder { folder in
      try CLIMedia.make(in: folder)
      try CLIMedia.project("good.yaml", Self.good, in: folder)
      let run = try ChromakeBinary.run(["plan", "good.yaml"], in: folder.url)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(
        run.stdout.hasPrefix(
          "output  out/demo.mp4 (mp4), 320x180 at 30 fps, 60 frames = 2.000 s (longest)\n"))
      #expect(run.stdout.contains("  1  presenter  9     15-50 (36)"), "\(run.stdout)")
      #expect(run.stdout.contains("music (track)"))
      #expect(run.stdout.contains("media/green.mp4  1.200 s"), "\(run.stdout)")
    }
  }

  @Test("--set overrides a variable; an unknown --set name is an error with a suggestion")
  func set() throws {
    try withScratchFolder { folder in
      try CLIMedia.make(in: folder)
      let text = """
        version: 1
        variables: { clip: plate, offset: 0s }
        output: { file: "out/{{clip}}.mp4", size: 320x180, fps: 30 }
        layers:
          - { name: main, source: "media/{{clip}}.mp4", start: "{{offset}}" }
        """
      try CLIMedia.project("t.yaml", text, in: folder)
      let ok = try ChromakeBinary.run(
        ["plan", "t.yaml", "--json", "--set", "clip=green", "--set", "offset=1s"], in: folder.url)
      #expect(ok.status == 0, "\(ok.stderr)")
      #expect(ok.stdout.contains("\"file\" : \"out/green.mp4\""))
      #expect(ok.stdout.contains("\"frameCount\" : 66"))
      let typo = try ChromakeBinary.run(["check", "t.yaml", "--set", "ofset=1s"], in: folder.url)
      #expect(typo.status == 65)
      #expect(typo.stderr.contains("--set ofset: the project has no variable 'ofset'"))
      #expect(typo.stderr.contains("did you mean 'offset'?"))
      let bad = try ChromakeBinary.run(["check", "t.yaml", "--set", "offset=-2s"], in: folder.url)
      #expect(bad.status == 65)
      #expect(
        bad.stderr.contains("t.yaml:5:56: error: start: a time cannot be negative"), "\(bad.stderr)"
      )
      #expect(bad.stderr.contains("'{{offset}}' was replaced by '-2s'"))
    }
  }
}

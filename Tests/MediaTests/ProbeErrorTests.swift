import Foundation
import Media
import TestSupport
import Testing

@Suite("Probe errors")
struct ProbeErrorTests {
  @Test("a missing file")
  func missingFile() throws {
    try withScratchFolder { folder in
      let path = folder.path("nothing-here.mp4")
      #expect(throws: MediaError.fileNotFound(path: path)) { try MediaProbe.probe(path: path) }
    }
  }

  @Test("a dangling symbolic link is a missing file")
  func danglingLink() throws {
    try withScratchFolder { folder in
      let path = folder.path("link.mp4")
      try FileManager.default.createSymbolicLink(
        atPath: path, withDestinationPath: folder.path("gone.mp4"))
      #expect(throws: MediaError.fileNotFound(path: path)) { try MediaProbe.probe(path: path) }
    }
  }

  @Test("a symbolic-link loop is unreadable, and said to be a loop")
  func linkLoop() throws {
    try withScratchFolder { folder in
      let path = folder.path("a.mp4")
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "b.mp4")
      try FileManager.default.createSymbolicLink(
        atPath: folder.path("b.mp4"), withDestinationPath: "a.mp4")
      #expect(throws: MediaError.unreadable(path: path, reason: "it is a symbolic-link loop")) {
        try MediaProbe.probe(path: path)
      }
    }
  }

  @Test("a directory is unreadable")
  func directory() throws {
    try withScratchFolder { folder in
      let error = #expect(throws: MediaError.self) { try MediaProbe.probe(path: folder.url.path) }
      #expect(error?.caseName == "unreadable")
    }
  }

  @Test("a FIFO is unreadable, not waited on", .ownTimeLimit(.seconds(60)))
  func fifo() throws {
    try withScratchFolder { folder in
      let path = folder.path("pipe.mp4")
      try #require(mkfifo(path, 0o600) == 0)
      let error = #expect(throws: MediaError.self) { try MediaProbe.probe(path: path) }
      #expect(error?.caseName == "unreadable")
    }
  }

  @Test("a file without read permission is unreadable", .enabled(if: getuid() != 0))
  func noPermission() throws {
    try withScratchFolder { folder in
      let path = folder.path("secret.mp4")
      try Data("x".utf8).write(to: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
      let error = #expect(throws: MediaError.self) { try MediaProbe.probe(path: path) }
      #expect(error?.caseName == "unreadable")
    }
  }

  @Test(
    "text and empty files are not media",
    arguments: [
      ("notes.txt", "Shot list: take 2 is the good one.\n"),
      ("notes.mp4", "Shot list: take 2 is the good one.\n"),
      ("notes.dat", "just some text\nmore\n"),
      ("empty.mp4", ""),
      ("empty.txt", ""),
    ])
  func notMedia(name: String, contents: String) throws {
    try withScratchFolder { folder in
      let path = folder.path(name)
      try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
      let error = #expect(throws: MediaError.self) { try MediaProbe.probe(path: path) }
      #expect(error?.caseName == "notMedia")
    }
  }

  @Test("a truncated mp4 is an error")
  func truncatedMP4() throws {
    try withScratchFolder { folder in
      let whole = folder.path("whole.mp4")
      let truncated = folder.path("truncated.mp4")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "320x240", seconds: "2") + TestMedia.h264() + [whole])
      let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
      try bytes.prefix(2000).write(to: URL(fileURLWithPath: truncated))

      #expect(throws: MediaError.self) { try MediaProbe.probe(path: truncated) }
    }
  }

  /// Cuts a fast-start mp4 (index first) at many lengths and probes each: whatever the probe
  /// makes of them, it must answer with a value or a `MediaError`, never a crash.
  @Test("damaged files never crash the probe")
  func damagedFiles() throws {
    try withScratchFolder { folder in
      let whole = folder.path("whole.mp4")
      try FFmpegCommand.ffmpeg(
        TestMedia.pattern(size: "320x240", seconds: "1") + TestMedia.tone(rate: 48000, seconds: "1")
          + TestMedia.h264() + ["-c:a", "aac", "-movflags", "+faststart", whole])
      let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
      var generator = SplitMix64(seed: 7)
      let noise = Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
      var samples = [100, 500, 1000, 2000, 4000, 8000, bytes.count / 2, bytes.count - 1].map {
        bytes.prefix($0)
      }
      samples.append(noise)
      samples.append(bytes.prefix(64) + noise)

      for (number, sample) in samples.enumerated() {
        let path = folder.path("damaged-\(number).mp4")
        try sample.write(to: URL(fileURLWithPath: path))
        do throws(MediaError) {
          _ = try MediaProbe.probe(path: path)
        } catch {
          #expect(error.caseName != "fileNotFound", "sample \(number): \(error)")
        }
      }
    }
  }
}

/// A small deterministic random generator, so the noise file is the same on every run.
private struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

import Foundation
import PlanValues
import TestSupport
import Testing

@testable import Outputs

/// Which temporary files a new staged output removes: only its own target's, and only those
/// no open file holds locked. (The end-to-end test kills a real render with SIGKILL.)
@Suite struct StalePartialsTests {
  private func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  private func touch(_ path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data("left behind".utf8))
  }

  @Test func anUnlockedPartialOfTheSameOutputIsRemovedAndNothingElse() throws {
    try withScratchFolder { scratch in
      let stale = ".out.chromake-12345-0000abcd.partial.mp4"
      let others = [
        ".out.chromake-12345-0000abcd.partial.mov", ".other.chromake-1-00000001.partial.mp4",
        ".out.chromake-1-0000000g.partial.mp4", ".out.mp4.chromake", "out.mp4", "notes.txt",
      ]
      for name in [stale] + others { touch(scratch.path(name)) }
      let output = try StagedOutput(target: scratch.path("out.mp4"), registry: .init())
      #expect(output.removedStale == [scratch.path(stale)])
      let ownName = OutputPath.split(output.temporaryPath).name
      #expect(try names(in: scratch.url) == (others + [ownName]).sorted())
      output.discard()
    }
  }

  @Test func aPartialWhoseLockIsHeldIsKept() throws {
    try withScratchFolder { scratch in
      let first = try StagedOutput(target: scratch.path("out.mp4"), registry: .init())
      // The same process, another open file: flock locks belong to the open file, so this is
      // what another process would see.
      let second = try StagedOutput(target: scratch.path("out.mp4"), registry: .init())
      #expect(second.removedStale.isEmpty)
      #expect(FileManager.default.fileExists(atPath: first.temporaryPath))
      #expect(StagedOutput.removeStale(target: scratch.path("out.mp4")).isEmpty)
      // Once the first lets go of its file without deleting it (as a killed process would),
      // it is stale.
      let path = first.temporaryPath
      let kept = scratch.path("kept")
      try FileManager.default.copyItem(atPath: path, toPath: kept)
      first.discard()
      try FileManager.default.moveItem(atPath: kept, toPath: path)
      #expect(StagedOutput.removeStale(target: scratch.path("out.mp4")) == [path])
      #expect(FileManager.default.fileExists(atPath: second.temporaryPath))
      second.discard()
    }
  }

  @Test func aDescriptorLockedElsewhereKeepsTheFile() throws {
    try withScratchFolder { scratch in
      let path = scratch.path(OutputNames.temporary(for: "out.mp4", pid: 999, token: 7))
      touch(path)
      let descriptor = open(path, O_RDONLY)
      try #require(descriptor >= 0)
      #expect(flock(descriptor, LOCK_EX) == 0)
      #expect(StagedOutput.removeStale(target: scratch.path("out.mp4")).isEmpty)
      close(descriptor)
      #expect(StagedOutput.removeStale(target: scratch.path("out.mp4")) == [path])
      #expect(!FileManager.default.fileExists(atPath: path))
    }
  }

  @Test func aLinkOrAFolderWithAPartialsNameIsLeftAlone() throws {
    try withScratchFolder { scratch in
      let victim = scratch.path("victim.mp4")
      touch(victim)
      let link = scratch.path(OutputNames.temporary(for: "out.mp4", pid: 1, token: 1))
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
      let folder = scratch.path(OutputNames.temporary(for: "out.mp4", pid: 2, token: 2))
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      #expect(StagedOutput.removeStale(target: scratch.path("out.mp4")).isEmpty)
      let left = try names(in: scratch.url)
      #expect(left.count == 3)
    }
  }

  @Test func aNameTooLongIsRefusedBeforeAnythingIsWritten() throws {
    try withScratchFolder { scratch in
      let name = String(repeating: "a", count: 246) + ".mp4"
      let error = #expect(throws: OutputFileError.self) {
        try StagedOutput(target: scratch.path(name), registry: .init())
      }
      #expect(error?.description.contains("255 bytes per name") == true)
      let left = try names(in: scratch.url)
      #expect(left.isEmpty)
    }
  }
}

import Foundation
import TestSupport
import Testing

@testable import Outputs

@Suite struct StagedOutputTests {
  private func contents(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  private func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: false, encoding: .utf8)
  }

  private func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test func commitReplacesTheTargetOnlyAtTheEnd() throws {
    try withScratchFolder { scratch in
      let target = scratch.path("out.mp4")
      try write("old", to: target)
      let registry = PendingOutputs()
      let output = try StagedOutput(target: target, registry: registry)
      #expect(registry.all == [output.temporaryPath])
      try write("new movie", to: output.temporaryPath)
      #expect(try contents(target) == "old")
      try output.commit()
      #expect(try contents(target) == "new movie")
      #expect(try names(in: scratch.url) == ["out.mp4"])
      #expect(registry.all.isEmpty)
      // After a commit, discard (and so deinit) leaves the new file alone.
      output.discard()
      #expect(try contents(target) == "new movie")
    }
  }

  @Test func discardLeavesTheTargetAndNoTemporaryFile() throws {
    try withScratchFolder { scratch in
      let target = scratch.path("out.mp4")
      try write("old", to: target)
      let registry = PendingOutputs()
      let output = try StagedOutput(target: target, registry: registry)
      try write("half a movie", to: output.temporaryPath)
      output.discard()
      output.discard()
      #expect(try contents(target) == "old")
      #expect(try names(in: scratch.url) == ["out.mp4"])
      #expect(registry.all.isEmpty)
      #expect(throws: OutputFileError.alreadyFinished(target: target)) { try output.commit() }
    }
  }

  @Test func releasingAnUncommittedOutputDeletesItsTemporaryFile() throws {
    try withScratchFolder { scratch in
      let registry = PendingOutputs()
      var temporary = ""
      do {
        let output = try StagedOutput(target: scratch.path("out.mov"), registry: registry)
        temporary = output.temporaryPath
        try write("partial", to: temporary)
      }
      #expect(!FileManager.default.fileExists(atPath: temporary))
      #expect(try names(in: scratch.url).isEmpty)
      #expect(registry.all.isEmpty)
    }
  }

  @Test func theTemporaryFileIsAHiddenSiblingThatKeepsTheExtension() throws {
    try withScratchFolder { scratch in
      let output = try StagedOutput(target: scratch.path("final.cut.mov"), registry: .init())
      let (folder, name) = OutputPath.split(output.temporaryPath)
      #expect(folder == scratch.url.path)
      #expect(name.hasPrefix(".final.cut.chromake-\(getpid())-"))
      #expect(name.hasSuffix(".partial.mov"))
      #expect(FileManager.default.fileExists(atPath: output.temporaryPath))
    }
  }

  @Test func missingParentFoldersAreCreated() throws {
    try withScratchFolder { scratch in
      let target = scratch.path("renders/2024/june/out.mp4")
      let output = try StagedOutput(target: target, registry: .init())
      #expect(OutputPath.isFolder(scratch.path("renders/2024/june")))
      #expect(OutputPath.split(output.temporaryPath).folder == scratch.path("renders/2024/june"))
      try output.commit()
      #expect(FileManager.default.fileExists(atPath: target))
    }
  }

  @Test func aFileInTheWayOfAFolderIsNamed() throws {
    try withScratchFolder { scratch in
      let blocker = scratch.path("renders")
      try write("not a folder", to: blocker)
      #expect(
        throws: OutputFileError.cannotCreateFolder(
          path: blocker, reason: "a file of that name is in the way")
      ) {
        try StagedOutput(target: scratch.path("renders/june/out.mp4"), registry: .init())
      }
    }
  }

  @Test func aTargetThatIsAFolderIsRefused() throws {
    try withScratchFolder { scratch in
      let folder = scratch.path("out.mp4")
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      #expect(throws: OutputFileError.invalidTarget(path: folder, reason: "it is a folder")) {
        try StagedOutput(target: folder, registry: .init())
      }
      #expect(throws: OutputFileError.self) {
        try StagedOutput(target: scratch.url.path + "/renders/", registry: .init())
      }
    }
  }

  @Test func discardingAllPendingRemovesTheirFiles() throws {
    try withScratchFolder { scratch in
      let registry = PendingOutputs()
      let first = try StagedOutput(target: scratch.path("a.mp4"), registry: registry)
      let second = try StagedOutput(target: scratch.path("b.mp4"), registry: registry)
      try write("partial", to: first.temporaryPath)
      #expect(registry.all == [first.temporaryPath, second.temporaryPath].sorted())
      #expect(registry.discardAll() == 2)
      #expect(try names(in: scratch.url).isEmpty)
      // The output does not know its file went; its commit fails naming both paths.
      let error = #expect(throws: OutputFileError.self) { try first.commit() }
      #expect(error?.description.contains(first.temporaryPath) == true)
      #expect(error?.description.contains(scratch.path("a.mp4")) == true)
    }
  }

  @Test func pathsSplitIntoFolderAndName() {
    #expect(OutputPath.split("out.mp4") == (".", "out.mp4"))
    #expect(OutputPath.split("/out.mp4") == ("/", "out.mp4"))
    #expect(OutputPath.split("a/b/out.mp4") == ("a/b", "out.mp4"))
    #expect(OutputPath.split("a/") == ("a", ""))
  }

  @Test func errorsReadAsOneLine() {
    #expect(
      OutputFileError.cannotCommit(temporary: "o/.x.partial.mp4", target: "o/x.mp4", reason: "EIO")
        .description == "cannot rename 'o/.x.partial.mp4' to 'o/x.mp4': EIO")
    #expect(
      OutputFileError.cannotCreateFolder(path: "o", reason: "Permission denied").description
        == "cannot create folder 'o': Permission denied")
  }
}

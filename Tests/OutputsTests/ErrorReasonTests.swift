import Foundation
import TestSupport
import Testing

@testable import Builds
@testable import Outputs

/// Foundation's file errors in our words: the `errno` text, never a domain-and-code dump.
@Suite struct ErrorReasonTests {
  @Test func anAtomicWriteOverAFolderSaysWhy() throws {
    try withScratchFolder { scratch in
      let path = scratch.path(".out.mp4.chromake")
      try FileManager.default.createDirectory(
        atPath: path + "/inside", withIntermediateDirectories: true)
      let error = #expect(throws: (any Error).self) {
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
      }
      let reason = ErrorReason.of(try #require(error), besides: path)
      #expect(reason == "Is a directory")
    }
  }

  @Test func aNameTooLongSaysSo() throws {
    try withScratchFolder { scratch in
      let path = scratch.path(String(repeating: "n", count: 300))
      let error = #expect(throws: (any Error).self) {
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
      }
      let reason = ErrorReason.of(try #require(error), besides: path)
      #expect(reason == "File name too long")
    }
  }

  @Test func anotherFileIsNamedBeforeTheReason() throws {
    let error = CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "media/a.mp4"])
    #expect(ErrorReason.of(error, besides: "out/.x.mp4.chromake") == "'media/a.mp4': no such file")
    #expect(ErrorReason.of(error, besides: "media/a.mp4") == "no such file")
  }

  @Test func theRecordErrorNamesTheFileFirst() {
    let record = RenderRecord.path(forOutput: "out/x.mp4")
    #expect(record == "out/.x.mp4.chromake")
    #expect(
      OutputFileError.cannotWriteRecord(path: record, reason: "Permission denied").description
        == "cannot write the render record 'out/.x.mp4.chromake': Permission denied")
  }
}

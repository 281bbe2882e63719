import PlanValues
import ProjectFile
import Testing

/// The names derived from an output's, the pattern a cleaner may delete, and the limits.
@Suite("Output names")
struct OutputNamesTests {
  @Test("the temporary file's name keeps the extension last and pads the token")
  func temporaryNames() {
    #expect(
      OutputNames.temporary(for: "movie.final.mp4", pid: 42, token: 0xabcd)
        == ".movie.final.chromake-42-0000abcd.partial.mp4")
    #expect(
      OutputNames.temporary(for: "movie", pid: 7, token: 0xffff_ffff)
        == ".movie.chromake-7-ffffffff.partial")
    #expect(
      OutputNames.temporary(for: ".hidden", pid: 7, token: 1)
        == "..hidden.chromake-7-00000001.partial")
    #expect(OutputNames.record(for: "out.mp4") == ".out.mp4.chromake")
  }

  @Test("every temporary name made for an output matches its pattern")
  func madeNamesMatch() {
    for name in ["out.mp4", "a.b.mov", "noext", ".hidden", "é ü.mp4"] {
      for (pid, token) in [(Int32(1), UInt32(0)), (Int32.max, UInt32.max), (4_194_304, 0xbeef)] {
        let temporary = OutputNames.temporary(for: name, pid: pid, token: token)
        #expect(OutputNames.isTemporary(temporary, for: name), "\(temporary) for \(name)")
      }
    }
  }

  @Test(
    "the pattern takes no other output's file and nothing merely alike",
    arguments: [
      ".out.mp4.chromake",  // the record
      "out.mp4",
      ".out.chromake-12-0000abcd.partial.mov",  // another extension
      ".outtake.chromake-12-0000abcd.partial.mp4",  // another output
      ".ut.chromake-12-0000abcd.partial.mp4",
      ".out.chromake--0000abcd.partial.mp4",  // no pid
      ".out.chromake-12-0000abc.partial.mp4",  // short token
      ".out.chromake-12-0000abcde.partial.mp4",
      ".out.chromake-12-0000ABCD.partial.mp4",  // not as made: upper case
      ".out.chromake-1x-0000abcd.partial.mp4",
      ".out.chromake-12345678901-0000abcd.partial.mp4",  // 11 digits
      ".out.chromake-12-0000abcd.partial.mp4.bak",
      "x.out.chromake-12-0000abcd.partial.mp4",
      ".out.chromake-12-0000abcd-3-00000000.partial.mp4",
    ])
  func lookalikes(candidate: String) {
    #expect(!OutputNames.isTemporary(candidate, for: "out.mp4"))
    #expect(OutputNames.isTemporary(".out.chromake-12-0000abcd.partial.mp4", for: "out.mp4"))
  }

  @Test("the longest name is what the longest derived name leaves of 255 bytes")
  func longestName() {
    // `.` + name + `.chromake-2147483647-ffffffff.partial`: 38 bytes more than the name.
    #expect(OutputNames.longestName == 255 - 38)
    let fits = String(repeating: "a", count: OutputNames.longestName - 4) + ".mp4"
    #expect(OutputNames.longestDerived(from: fits).name.utf8.count == 255)
    #expect(OutputNameProblem.of("/p/" + fits) == nil)
    let over = "a" + fits
    #expect(
      OutputNameProblem.of("/p/" + over)
        == .nameTooLong(bytes: 218, derived: "the temporary file", derivedBytes: 256))
  }

  @Test("limits count bytes, not characters")
  func bytes() {
    let accented = String(repeating: "é", count: 120) + ".mp4"  // 244 bytes, 124 characters
    #expect(OutputNameProblem.of("/p/" + accented)?.id == "output-name-too-long")
  }

  @Test("a NUL, a long folder name and a long path are problems too")
  func otherProblems() {
    #expect(OutputNameProblem.of("/p/a\u{0}b.mp4") == .nul)
    let folder = String(repeating: "f", count: 256)
    #expect(OutputNameProblem.of("/p/\(folder)/x.mp4") == .folderNameTooLong(bytes: 256))
    // 4,061 bytes of folders: the output's own path (4,067) fits, its temporary file's does not.
    let deep =
      String(repeating: "/" + String(repeating: "d", count: 200), count: 20) + "/"
      + String(repeating: "e", count: 40)
    #expect(OutputNameProblem.of(deep + "/x.mp4") == .pathTooLong(bytes: 4061 + 1 + 43))
    #expect(OutputNameProblem.of(String(deep.dropLast(10)) + "/x.mp4") == nil)
    #expect(OutputNameProblem.of("/p/x.mp4") == nil)
  }
}

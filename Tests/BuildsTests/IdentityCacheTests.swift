import Builds
import Foundation
import TestSupport
import Testing

/// Hashes of large, rarely changing files are reused while the file's stamp is unchanged.
@Suite("identity cache: content hashes by stamp")
struct IdentityCacheTests {
  @Test("a hash is kept by stamp, reused while the stamp holds, and redone when it moves")
  func hashesByStamp() throws {
    try withScratchFolder { folder in
      let file = folder.path("binary")
      try Data("first".utf8).write(to: URL(fileURLWithPath: file))
      let cache = IdentityCache(folder: folder.path("cache"))
      let first = try cache.hash(ofFile: file)
      #expect(first == ContentHash.of(Data("first".utf8)))
      let stored = try String(contentsOfFile: cache.path, encoding: .utf8)
      #expect(stored.contains(first))

      // A planted hash is believed while the stamp is unchanged: proof that nothing is
      // hashed on a cached check.
      let planted = String(repeating: "f", count: 64)
      try stored.replacingOccurrences(of: first, with: planted)
        .write(toFile: cache.path, atomically: true, encoding: .utf8)
      #expect(try IdentityCache(folder: folder.path("cache")).hash(ofFile: file) == planted)

      // New content moves the stamp (size, times, or the inode of a replaced file).
      try Data("second!".utf8).write(to: URL(fileURLWithPath: file))
      let second = try IdentityCache(folder: folder.path("cache")).hash(ofFile: file)
      #expect(second == ContentHash.of(Data("second!".utf8)))
    }
  }

  @Test("the running executable is hashed as the file it is, and cached by its path")
  func executable() throws {
    try withScratchFolder { folder in
      let cache = IdentityCache(folder: folder.path("cache"))
      let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      #expect(
        RenderEnvironment.executable(cache: cache)
          == (try ContentHash.ofFile(path, cancellation: .never)))
      #expect(try String(contentsOfFile: cache.path, encoding: .utf8).contains(path))
    }
  }
}

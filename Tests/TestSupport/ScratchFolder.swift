import Foundation

/// A fresh temporary folder for one test's media; tests run in parallel, so each gets its own.
public struct ScratchFolder {
  public let url: URL

  /// Wraps an existing folder.
  public init(url: URL) { self.url = url }

  /// The path of `name` inside the folder.
  public func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }
}

/// Runs `body` with a new scratch folder and removes the folder afterwards, pass or fail.
public func withScratchFolder<T>(_ body: (ScratchFolder) throws -> T) throws -> T {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("chromake-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try body(ScratchFolder(url: url))
}

import Foundation
import Testing

/// Compares text with a golden file beside the fixtures; `RECORD_GOLDENS=1` rewrites it.
public enum GoldenFile {
  public static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

  public static func check(
    _ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if recording {
      try? actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "missing golden file \(url.lastPathComponent); run with RECORD_GOLDENS=1 to create it",
        sourceLocation: sourceLocation)
      return
    }
    if expected != actual {
      Issue.record(
        "\(url.lastPathComponent) differs from the golden file:\n\(lineDiff(expected, actual))",
        sourceLocation: sourceLocation)
    }
  }

  /// The first differing lines, enough to see what changed.
  public static func lineDiff(_ expected: String, _ actual: String) -> String {
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for i in 0..<max(e.count, a.count) where out.count < 12 {
      let x = i < e.count ? String(e[i]) : "<none>"
      let y = i < a.count ? String(a[i]) : "<none>"
      if x != y { out.append("line \(i + 1):\n  expected: \(x)\n  actual:   \(y)") }
    }
    return out.joined(separator: "\n")
  }
}

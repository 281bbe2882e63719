import Foundation

extension RenderPlan {
  /// Canonical JSON: sorted keys, two-space indentation, no escaped slashes, a final newline.
  /// The same plan always gives the same bytes.
  public func canonicalJSON() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(0x0A)
    return data
  }
}

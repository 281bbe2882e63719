/// The picture format of `output.poster`, by its file's extension.
public enum PosterFormat: String, Sendable, Codable {
  case png
  case jpeg
  case webp

  /// Whether the picture can keep alpha: PNG and WebP can, JPEG cannot.
  public var keepsAlpha: Bool { self != .jpeg }

  /// The format `path` names, or nil.
  public static func of(path: String) -> PosterFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "png": return .png
    case "jpg", "jpeg": return .jpeg
    case "webp": return .webp
    default: return nil
    }
  }
}

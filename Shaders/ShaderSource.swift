/// One GLSL ES 3.00 shader file as it was embedded at build time.
public struct ShaderFile: Sendable, Hashable {
  /// The file's name with its extension, such as `SolidColor.frag`; compile errors name it.
  public let name: String
  /// The GLSL source text, exactly as in the file, so driver line numbers match the file.
  public let text: String

  /// A shader file; tests and tools may build one from a string.
  public init(name: String, text: String) {
    self.name = name
    self.text = text
  }
}

/// The shaders in the top-level `Shaders/GLSL` folder, embedded into the binary so nothing has to
/// sit beside the executable.
public enum ShaderSource {
  /// The shader file called `name` (such as `Fullscreen.vert`), or `nil` if there is none.
  public static func named(_ name: String) -> ShaderFile? {
    byName[name]
  }

  /// Every embedded shader, sorted by name (for fingerprints and listings).
  public static let all: [ShaderFile] = byName.values.sorted { $0.name < $1.name }

  // SwiftPM's `.embedInCode` turns each file of the folder into a `[UInt8]` static property of
  // `PackageResources` named after the file (`.` becomes `_`) and offers no way to enumerate
  // them, so each file is listed here once. The test suite checks this list against the folder.
  private static let embedded: [(name: String, bytes: [UInt8])] = [
    ("Composite.frag", PackageResources.Composite_frag),
    ("Fullscreen.vert", PackageResources.Fullscreen_vert),
    ("PackedComposite.frag", PackageResources.PackedComposite_frag),
    ("SolidColor.frag", PackageResources.SolidColor_frag),
  ]

  private static let byName: [String: ShaderFile] = Dictionary(
    uniqueKeysWithValues: embedded.map {
      ($0.name, ShaderFile(name: $0.name, text: String(decoding: $0.bytes, as: UTF8.self)))
    }
  )
}

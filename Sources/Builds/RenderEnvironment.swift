import Foundation
import Media
import Typesetting

/// What besides the project decides a render's pixels and samples: chromake's own executable
/// and the libraries it renders with. Part of every render fingerprint.
public struct RenderEnvironment: Sendable, Equatable {
  /// SHA-256 of the running executable.
  ///
  /// This covers the GLSL the compositor generates at run time as well: that source is a
  /// function of the plan (fingerprinted on its own) and of the Swift code that writes it,
  /// which is compiled into this executable. Hashing the executable is correct for any change
  /// to that code and costs nothing per render once cached, where generating every program a
  /// render would need means walking all its frames' regions. It is also stricter than
  /// needed: any rebuild that changes the binary renders again.
  public var executable: String
  /// Versions by library: libx264, fontconfig, HarfBuzz, Pango, Cairo and the GL renderer
  /// (FFmpeg's libraries are fingerprinted on their own, as before).
  public var libraries: [String: String]

  /// An environment from its parts.
  public init(executable: String, libraries: [String: String]) {
    self.executable = executable
    self.libraries = libraries
  }

  /// The key of the GL renderer in `libraries`, worded for `--explain`.
  public static let glRenderer = "the GL renderer"

  /// The order `--explain` lists library changes in.
  static let libraryOrder = ["libx264", "fontconfig", "HarfBuzz", "Pango", "Cairo", glRenderer]

  /// This process's environment, found once: the executable's and libx264's hashes come from
  /// `IdentityCache` while their stamps are unchanged.
  public static let current: RenderEnvironment = {
    let cache = IdentityCache.shared
    var libraries: [String: String] = [:]
    libraries["libx264"] = x264(cache: cache)
    for (name, version) in TypesettingVersions.all { libraries[name] = version }
    libraries[glRenderer] = GLRendererIdentity.current(cache: cache)
    return RenderEnvironment(executable: executable(cache: cache), libraries: libraries)
  }()

  /// The running executable's hash. `/proc/self/exe` is the file this process runs even when
  /// a rebuild has since replaced the one at its path; the cache names it by that path.
  public static func executable(cache: IdentityCache) -> String {
    let path = "/proc/self/exe"
    let key = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? path
    return (try? cache.hash(ofFile: path, key: key)) ?? "unreadable"
  }

  /// libx264's build number and a short hash of its file: a distribution's fix keeps the
  /// build number but changes the library.
  private static func x264(cache: IdentityCache) -> String {
    guard let path = X264Version.libraryPath, let hash = try? cache.hash(ofFile: path) else {
      return X264Version.build
    }
    return "\(X264Version.build), file sha256 \(hash.prefix(12))"
  }
}

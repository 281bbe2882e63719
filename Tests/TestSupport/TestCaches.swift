import Foundation
import TestIsolation

/// The caches of this test process (see `TestIsolation.c`): `XDG_CACHE_HOME` points at a
/// folder made for it under the temporary directory, never at the user's own.
public enum TestCaches {
  /// The folder, or nil if it could not be made.
  public static var folder: String? {
    let path = String(cString: chromake_test_cache_folder())
    return path.isEmpty ? nil : path
  }
}

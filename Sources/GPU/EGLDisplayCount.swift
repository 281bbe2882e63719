internal import CEGL
import Foundation

/// Counts the contexts using each EGL display, so a display is initialised by the first and
/// terminated by the last.
///
/// EGL hands out one display handle per platform and native display, so two contexts made one
/// after the other, or side by side on two threads, share a display; eglTerminate on it would
/// pull it from under the other context.
enum EGLDisplayCount {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var users: [Int: Int] = [:]

  /// Initialises `display` if no context uses it yet, and counts one more user.
  static func retain(_ display: EGLDisplay) throws {
    try lock.withLock {
      let key = Int(bitPattern: display)
      if users[key, default: 0] == 0 {
        try checkEGL(eglInitialize(display, nil, nil), "eglInitialize")
      }
      users[key, default: 0] += 1
    }
  }

  /// Counts one user less, and terminates `display` when none is left.
  static func release(_ display: EGLDisplay) {
    lock.withLock {
      let key = Int(bitPattern: display)
      let remaining = users[key, default: 1] - 1
      users[key] = remaining > 0 ? remaining : nil
      if remaining <= 0 {
        eglTerminate(display)
      }
    }
  }
}

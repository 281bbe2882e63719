import ArgumentParser
import GPU

/// The GPU context commands composite with.
enum GPUSetup {
  /// A real GPU through EGL's device platform when there is one, else llvmpipe; with
  /// `verbose`, says which and why.
  static func context(verbose: Bool) throws -> GPUContext {
    let context: GPUContext
    do {
      context = try GPUContext()
    } catch {
      Terminal.say(
        "chromake: error: no OpenGL ES 3 context could be made: \(error)\n"
          + "  help: scripts/install-deps installs Mesa's EGL and llvmpipe, which need no GPU\n")
      throw ExitCode.failure
    }
    if verbose {
      var line =
        "chromake: compositing on \(context.renderer) (\(context.platform.rawValue) platform)"
      if let reason = context.fallbackReason {
        line += "; the device platform was not used: \(reason)"
      }
      Terminal.say(line + "\n")
    }
    return context
  }
}

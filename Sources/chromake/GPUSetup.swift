import GPU

/// The GPU context commands composite with.
enum GPUSetup {
  /// A real GPU through EGL's device platform when there is one, else llvmpipe; with
  /// `verbose`, says which and why.
  static func context(verbose: Bool) throws -> GPUContext {
    let context = try GPUContext()
    if verbose {
      var line =
        "chromake: compositing on \(context.renderer) (\(context.platform.rawValue) platform)"
      if let reason = context.fallbackReason {
        line += "; the device platform was not used: \(reason)"
      }
      Terminal.writeError(line + "\n")
    }
    return context
  }
}

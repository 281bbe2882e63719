import Foundation
import GPU
import Media

/// The GL renderer a render would composite on, for render fingerprints: another driver, or
/// another version of it, may round or filter differently.
///
/// Asking GL needs a context, and making one costs 0.15 s warm and over a second cold on
/// llvmpipe (Mesa loads LLVM): more than a no-op check may take. So the answer is cached
/// (`IdentityCache`) together with the stamps of every library loaded once the context is made
/// (Mesa's EGL vendor library, the DRI driver, LLVM …), the environment variables that steer
/// which driver loads, the GPU device nodes present and the CPU (llvmpipe's vector width is
/// the CPU's). While all of those are as they were, the driver is the same and so is its
/// answer; when any moved, a context is made again.
enum GLRendererIdentity {
  /// `GL_RENDERER, GL_VERSION`, such as `llvmpipe (LLVM 15.0.6, 256 bits), OpenGL ES 3.2 Mesa
  /// 22.3.6`; `unavailable` when no context can be made (the render then fails anyway).
  static func current(cache: IdentityCache = .shared) -> String {
    let environment = environmentSignature()
    if let cached = cache.glRenderer(environment: environment) { return cached }
    guard let context = try? GPUContext() else { return "unavailable" }
    let renderer = "\(context.renderer), \(context.versionString)"
    // Every library mapped now, not only those the context just loaded: a driver loaded
    // earlier in this process would otherwise be missed. A change to any of them costs one
    // more context, never a wrong answer. The executable is left out: it has a fingerprint
    // of its own, and a rebuild does not change the driver.
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    cache.setGLRenderer(
      renderer, environment: environment,
      files: LoadedLibraries.paths().filter { $0 != executable })
    return renderer
  }

  /// What besides the driver's files decides which driver loads and what it says.
  static func environmentSignature() -> String {
    let prefixes = [
      "CHROMAKE_EGL", "EGL_", "__EGL_", "__GLX_", "LIBGL_", "MESA_", "GALLIUM_", "LP_",
      "__NV_", "NVIDIA_", "CUDA_VISIBLE_DEVICES",
    ]
    let variables = ProcessInfo.processInfo.environment
      .filter { name, _ in prefixes.contains { name.hasPrefix($0) } }
      .map { "\($0.key)=\($0.value)" }.sorted()
    let devices = ["/dev/dri", "/dev"].flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { folder == "/dev/dri" || $0.hasPrefix("nvidia") }
        .map { "\(folder)/\($0)" }
    }.sorted()
    return (variables + devices + [cpu()]).joined(separator: "\n")
  }

  /// The first processor's model and feature flags from `/proc/cpuinfo`.
  private static func cpu() -> String {
    guard let file = FileHandle(forReadingAtPath: "/proc/cpuinfo") else { return "" }
    defer { try? file.close() }
    let head = String(decoding: (try? file.read(upToCount: 16384)) ?? Data(), as: UTF8.self)
    return head.split(separator: "\n")
      .filter { $0.hasPrefix("model name") || $0.hasPrefix("flags") }
      .prefix(2).joined(separator: "\n")
  }
}

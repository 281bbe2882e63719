/// The libx264 this process encodes with.
///
/// libx264 has no run-time version call: its build number (`X264_BUILD`, which changes with
/// every change to its interface or output) is the number in the library's file name,
/// `libx264.so.164`, which the dynamic linker loaded because libavcodec needs it.
public enum X264Version {
  /// The loaded library's path, or `nil` when none is loaded (an FFmpeg built without it).
  public static let libraryPath: String? = LoadedLibraries.path(named: "libx264.so.")

  /// The build number, such as `164`; `unknown` when no libx264 is loaded.
  public static let build: String = {
    guard let path = libraryPath, let name = path.split(separator: "/").last else {
      return "unknown"
    }
    return String(name.dropFirst("libx264.so.".count))
  }()
}

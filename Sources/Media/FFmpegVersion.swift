internal import CFFmpeg

/// The FFmpeg this process runs with, for render fingerprints: a new libavcodec or libx264
/// build may encode the same pictures into other bytes.
public enum FFmpegVersion {
  /// Such as `FFmpeg 5.1.6-0+deb12u1; avcodec 59.37.100, avformat 59.27.100, …`.
  public static let description: String = {
    let libraries: [(String, UInt32)] = [
      ("avcodec", avcodec_version()), ("avformat", avformat_version()),
      ("avutil", avutil_version()), ("swscale", swscale_version()),
      ("swresample", swresample_version()),
    ]
    let versions = libraries.map { name, version in
      "\(name) \(version >> 16).\((version >> 8) & 0xFF).\(version & 0xFF)"
    }
    return "FFmpeg \(String(cString: av_version_info())); " + versions.joined(separator: ", ")
  }()

  /// libavcodec as FFmpeg names itself in the files it writes, such as `Lavc59.37.100`: the
  /// loaded library's version, not the header's.
  public static let libavcodecIdent: String = {
    let version = avcodec_version()
    return "Lavc\(version >> 16).\((version >> 8) & 0xFF).\(version & 0xFF)"
  }()
}

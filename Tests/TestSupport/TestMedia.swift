/// FFmpeg arguments for the lavfi test sources the tests build their media from.
public enum TestMedia {
  /// A moving colour test pattern.
  public static func pattern(size: String, rate: Int = 25, seconds: String) -> [String] {
    ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate):duration=\(seconds)"]
  }

  /// A sine tone; `layout` other than mono is made with `aformat`.
  public static func tone(hertz: Int = 440, rate: Int, layout: String = "mono", seconds: String)
    -> [String]
  {
    let sine = "sine=frequency=\(hertz):sample_rate=\(rate):duration=\(seconds)"
    return [
      "-f", "lavfi", "-i", layout == "mono" ? sine : "\(sine),aformat=channel_layouts=\(layout)",
    ]
  }

  /// H.264 in 8-bit 4:2:0 (or another pixel format), the most common camera output.
  public static func h264(pixelFormat: String = "yuv420p") -> [String] {
    ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", pixelFormat]
  }
}

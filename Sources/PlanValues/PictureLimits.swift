/// The largest picture chromake draws, in one place for the probe that must not decode one
/// larger, the checks that refuse it at its path, and the README that documents it.
public enum PictureLimits {
  /// Pixels on a side: the largest texture llvmpipe and desktop GPUs take (GLES 3 promises
  /// 2048; a driver below this says so when it draws).
  public static let largestSide = 16384
  /// Pixels in all: 100 megapixels, 400 MB once decoded to RGBA, so that one image cannot take
  /// the machine's memory.
  public static let largestPixels = 100_000_000

  /// Whether a `width` × `height` picture is larger than chromake draws.
  public static func exceeded(width: Int, height: Int) -> Bool {
    width > largestSide || height > largestSide || width * height > largestPixels
  }
}

/// Chromake's release version: what `--version` prints, what render records compare and what
/// the movies it writes name in their `encoder` tag.
public enum ChromakeVersion {
  /// Such as `0.1.0`.
  public static let current = "0.1.0"
}

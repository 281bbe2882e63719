/// Whether Y′CbCr code values use the broadcast range (16–235) or the full 0–255.
public enum ColorRange: String, Codable, Sendable {
  /// "TV" or "MPEG" range: luma 16–235, chroma 16–240 at 8 bits.
  case limited
  /// "PC" or "JPEG" range: every code value is used.
  case full
}

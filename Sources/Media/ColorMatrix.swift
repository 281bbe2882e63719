/// The Y′CbCr matrix a video was encoded with, which the shader needs to recover R′G′B′.
public enum ColorMatrix: String, Codable, Sendable {
  /// ITU-R BT.601 (SMPTE 170M / BT.470 BG): standard definition.
  case bt601
  /// ITU-R BT.709: high definition.
  case bt709
  /// ITU-R BT.2020 non-constant (or constant) luminance: UHD and HDR.
  case bt2020
}

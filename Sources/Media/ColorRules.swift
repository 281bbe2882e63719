internal import CFFmpeg

/// How a stream's colour is read, shared by the probe and the decoder so that `chromake plan`
/// and the render agree on every file.
enum ColorRules {
  /// The matrix a colour-space tag names, or nil for "unspecified" and for tags the shader
  /// has no matrix for.
  static func taggedMatrix(_ space: AVColorSpace) -> ColorMatrix? {
    switch space {
    case AVCOL_SPC_BT709: .bt709
    // BT.470 BG, SMPTE 170M and FCC all carry the BT.601 coefficients (FCC's differ in the
    // fourth decimal, below 8-bit precision).
    case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC: .bt601
    case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: .bt2020
    default: nil
    }
  }

  /// The tagged matrix, else the common practice of players: BT.601 below 720 lines (SD was
  /// made for BT.601 displays), BT.709 from 720 lines up.
  static func matrix(_ space: AVColorSpace, height: Int) -> ColorMatrix {
    taggedMatrix(space) ?? (height < 720 ? .bt601 : .bt709)
  }

  /// The tagged range, else full for the JPEG-style `yuvj*` and grey formats (full range by
  /// definition), else limited as video almost always is.
  static func range(_ range: AVColorRange, format: AVPixelFormat) -> ColorRange {
    switch range {
    case AVCOL_RANGE_JPEG: .full
    case AVCOL_RANGE_MPEG: .limited
    default: DecoderPixelFormat.isFullRangeByDefault(format) ? .full : .limited
    }
  }
}

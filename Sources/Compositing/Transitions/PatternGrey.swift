import Media
import RenderPlan

/// A luma transition's pattern as grey levels, 0 (black, first) to 1, one byte a pixel: its
/// luma, whatever form the file decoded to (the R′G′B′ weights of BT.709 for a colour
/// picture, which a greyscale one's equal channels pass through unchanged).
public struct PatternGrey {
  var width: Int
  var height: Int
  var levels: [UInt8]

  init(_ picture: DecodedFrame) {
    width = picture.width
    height = picture.height
    var levels = [UInt8](repeating: 0, count: picture.width * picture.height)
    let layout = picture.layout
    let limited = picture.colorRange == .limited
    // A premultiplied Y′CbCr picture (a composition drawn over a transparent background) as it
    // shows over black: its alpha, by pixel.
    var alphas: [UInt8]?
    if layout == .yuva420p8Premultiplied {
      alphas = picture.withPlane(3) { bytes, bytesPerRow, planeWidth, planeHeight in
        (0..<picture.height).flatMap { y in
          (0..<picture.width).map { x in
            y < planeHeight && x < planeWidth ? bytes[y * bytesPerRow + x] : 0
          }
        }
      }
    }
    picture.withPlane(0) { bytes, bytesPerRow, planeWidth, planeHeight in
      for y in 0..<min(planeHeight, picture.height) {
        for x in 0..<min(planeWidth, picture.width) {
          let grey: Double
          if layout.isRGB {
            let at = y * bytesPerRow + x * 4
            let (r, g, b) = (Double(bytes[at]), Double(bytes[at + 1]), Double(bytes[at + 2]))
            let weights = LumaWeights.bt709.lumaWeights
            var luma = weights.x * r + weights.y * g + weights.z * b
            // A premultiplied picture's colour over its alpha; a transparent pixel is black.
            let alpha = Double(bytes[at + 3])
            if layout == .rgba8Premultiplied { luma = alpha > 0 ? luma * 255 / alpha : 0 }
            grey = luma / 255
          } else if layout.bitDepth > 8 {
            let at = y * bytesPerRow + x * 2
            let code = Double(Int(bytes[at]) | Int(bytes[at + 1]) << 8)
            grey = limited ? (code - 64) / 876 : code / 1023
          } else {
            var code = Double(bytes[y * bytesPerRow + x])
            if let alphas {
              // Y′·α over black: black's code where the picture is transparent.
              let black = limited ? 16.0 : 0
              code += black * (1 - Double(alphas[y * picture.width + x]) / 255)
            }
            grey = limited ? (code - 16) / 219 : code / 255
          }
          levels[y * picture.width + x] = UInt8((min(max(grey, 0), 1) * 255).rounded())
        }
      }
    }
    self.levels = levels
  }

  /// The grey levels of every luma transition's pattern in `plan`, by its path in the plan.
  public static func load(_ plan: RenderPlan) throws(RenderFailure) -> [String: PatternGrey] {
    var patterns: [String: PatternGrey] = [:]
    for sequence in plan.sequences {
      for transition in sequence.transitions {
        guard case .luma(let pattern, _) = transition.style, patterns[pattern.path] == nil
        else { continue }
        do throws(MediaError) {
          patterns[pattern.path] = PatternGrey(
            try StillImage.decode(path: plan.resolvedPath(pattern.path)))
        } catch {
          throw RenderFailure(
            "\(transition.name): cannot decode pattern '\(pattern.path)': \(error)",
            at: transition.location)
        }
      }
    }
    return patterns
  }
}

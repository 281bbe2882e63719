import PlanValues
import Timeline

/// Where a layer's picture lands in the output frame, as the compositing shader uses it: an
/// affine map from output pixel positions to the picture's texture coordinates, and the
/// rectangle the layer may draw in.
///
/// The picture is first shown as a player would: its sample aspect ratio widens or narrows it,
/// then its rotation turns it. That displayed picture is fitted into the box (`contain`:
/// whole and centred; `cover`: filling the box, centred and cropped; `stretch`: the box
/// exactly).
struct LayerGeometry: Equatable {
  /// Texture s from (x, y, 1) in output pixels (x right, y down, pixel centres at +0.5).
  var sRow: SIMD3<Double>
  /// Texture t likewise (t = 0 is the picture's top row).
  var tRow: SIMD3<Double>
  /// x0, y0, x1, y1 in output pixels: the box, cut to the picture where it is smaller.
  var clip: SIMD4<Double>
  /// The displayed picture's rectangle: x, y, width, height in output pixels.
  var picture: SIMD4<Double>
  /// Whether picture pixels fall exactly on output pixels (no scaling, no rotation, a whole-
  /// pixel offset): then each output pixel reads one texel and no filtering is needed.
  var isPixelAligned: Bool

  /// The geometry of a `width` × `height` picture with `sampleAspectRatio` and `rotation`
  /// (clockwise degrees, a multiple of 90) in `box`.
  init(
    box: FrameRect, fit: Fit, width: Int, height: Int, sampleAspectRatio: Rational,
    rotation: Int
  ) {
    let aspect = sampleAspectRatio > .zero ? sampleAspectRatio.doubleValue : 1
    let quarterTurns = ((rotation / 90) % 4 + 4) % 4
    var displayed = (width: Double(width) * aspect, height: Double(height))
    if quarterTurns % 2 == 1 {
      displayed = (displayed.height, displayed.width)
    }
    let (bx, by, bw, bh) = (box.x, box.y, box.width, box.height)
    let (pw, ph): (Double, Double)
    switch fit {
    case .stretch:
      (pw, ph) = (bw, bh)
    case .contain, .cover:
      let scaleX = bw / displayed.width
      let scaleY = bh / displayed.height
      let scale = fit == .contain ? min(scaleX, scaleY) : max(scaleX, scaleY)
      (pw, ph) = (displayed.width * scale, displayed.height * scale)
    }
    let px = bx + (bw - pw) / 2
    let py = by + (bh - ph) / 2
    picture = SIMD4(px, py, pw, ph)
    isPixelAligned =
      quarterTurns == 0 && pw == Double(width) && ph == Double(height)
      && px == px.rounded() && py == py.rounded()
    clip = SIMD4(max(bx, px), max(by, py), min(bx + bw, px + pw), min(by + bh, py + ph))

    // u, v: 0…1 across the displayed picture.
    let u = SIMD3(1 / pw, 0, -px / pw)
    let v = SIMD3(0, 1 / ph, -py / ph)
    let one = SIMD3<Double>(0, 0, 1)
    // The stored picture's (s, t) for a displayed (u, v): a clockwise quarter turn shows the
    // stored bottom-left corner at the top left.
    switch quarterTurns {
    case 1: (sRow, tRow) = (v, one - u)
    case 2: (sRow, tRow) = (one - u, one - v)
    case 3: (sRow, tRow) = (one - v, u)
    default: (sRow, tRow) = (u, v)
    }
  }
}

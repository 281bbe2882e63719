import Foundation
import PlanValues
import Timeline

/// Where a layer's picture lands in the output frame, as its preparation uses it: an affine
/// map from output pixel positions to the picture's texture coordinates, the rectangle the
/// layer may draw in, and the bounding box of what it covers.
///
/// The picture is first shown as a player would: its sample aspect ratio widens or narrows it,
/// then its rotation metadata turns it. That displayed picture is fitted into the box
/// (`contain`: whole and centred; `cover`: filling the box, centred and cropped; `stretch`:
/// the box exactly). Last, the layer's own rotation (`angle`, any number of degrees clockwise)
/// turns the result about the box's centre.
struct LayerGeometry: Equatable {
  /// The unrotated x from an output position (x, y, 1): the inverse of `angle`'s turn.
  var xRow: SIMD3<Double>
  /// The unrotated y likewise.
  var yRow: SIMD3<Double>
  /// Texture s from an unrotated (x, y, 1) in output pixels (x right, y down, pixel centres at
  /// +0.5).
  var sRow: SIMD3<Double>
  /// Texture t likewise (t = 0 is the picture's top row).
  var tRow: SIMD3<Double>
  /// x0, y0, x1, y1 in unrotated output pixels: the box, cut to the picture where it is
  /// smaller.
  var clip: SIMD4<Double>
  /// x0, y0, x1, y1 in output pixels: the smallest rectangle holding `clip` turned by `angle`.
  var bounds: SIMD4<Double>
  /// The displayed picture's rectangle: x, y, width, height in output pixels.
  var picture: SIMD4<Double>
  /// Whether picture pixels fall exactly on output pixels (no scaling, no rotation, a whole-
  /// pixel offset): then each output pixel reads one texel and no filtering is needed.
  var isPixelAligned: Bool

  /// The geometry of a `width` × `height` picture with `sampleAspectRatio` and `rotation`
  /// metadata (clockwise degrees, a multiple of 90) in `box`, turned `angle` degrees clockwise
  /// about the box's centre.
  init(
    box: FrameRect, fit: Fit, width: Int, height: Int, sampleAspectRatio: Rational,
    rotation: Int, angle: Double
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
    case .contain, .cover, .containBlur:
      let scaleX = bw / displayed.width
      let scaleY = bh / displayed.height
      // contain-blur's picture is contained; its background, covering, is another geometry.
      let scale = fit == .cover ? max(scaleX, scaleY) : min(scaleX, scaleY)
      (pw, ph) = (displayed.width * scale, displayed.height * scale)
    }
    let px = bx + (bw - pw) / 2
    let py = by + (bh - ph) / 2
    picture = SIMD4(px, py, pw, ph)
    let turned = angle.truncatingRemainder(dividingBy: 360) != 0
    isPixelAligned =
      quarterTurns == 0 && !turned && pw == Double(width) && ph == Double(height)
      && px == px.rounded() && py == py.rounded()
    clip = SIMD4(max(bx, px), max(by, py), min(bx + bw, px + pw), min(by + bh, py + ph))

    // Output p = c + R(angle)(q - c) for an unrotated q (y down, so a positive angle turns
    // clockwise as seen); its inverse gives q from p.
    let center = SIMD2(bx + bw / 2, by + bh / 2)
    let radians = angle * .pi / 180
    let (cosine, sine) = turned ? (cos(radians), sin(radians)) : (1.0, 0.0)
    xRow = SIMD3(cosine, sine, center.x - cosine * center.x - sine * center.y)
    yRow = SIMD3(-sine, cosine, center.y + sine * center.x - cosine * center.y)
    let corners = [(clip.x, clip.y), (clip.z, clip.y), (clip.x, clip.w), (clip.z, clip.w)].map {
      (x, y) in
      SIMD2(
        center.x + cosine * (x - center.x) - sine * (y - center.y),
        center.y + sine * (x - center.x) + cosine * (y - center.y))
    }
    bounds = corners.dropFirst().reduce(
      SIMD4(corners[0].x, corners[0].y, corners[0].x, corners[0].y)
    ) { box, corner in
      SIMD4(
        min(box.x, corner.x), min(box.y, corner.y), max(box.z, corner.x), max(box.w, corner.y))
    }

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

import PlanValues
import Testing
import Timeline

@testable import Compositing

@Suite("Layer placement: fit, rotation, sample aspect ratio")
struct LayerGeometryTests {
  /// The picture's (s, t) for output position (x, y).
  private func texture(_ g: LayerGeometry, _ x: Double, _ y: Double) -> SIMD2<Double> {
    let p = SIMD3(x, y, 1)
    return SIMD2((g.sRow * p).sum(), (g.tRow * p).sum())
  }

  @Test func aSameSizePictureIsPixelAlignedAndMapsTexelCentres() {
    let g = LayerGeometry(
      box: FrameRect(x: 0, y: 0, width: 64, height: 32), fit: .contain, width: 64, height: 32,
      sampleAspectRatio: .one, rotation: 0, angle: 0)
    #expect(g.isPixelAligned)
    #expect(g.clip == SIMD4(0, 0, 64, 32))
    #expect(texture(g, 0.5, 0.5) == SIMD2(0.5 / 64, 0.5 / 32))
  }

  @Test func containLeavesBarsAndCoverCrops() {
    let box = FrameRect(x: 10, y: 0, width: 200, height: 100)
    let contain = LayerGeometry(
      box: box, fit: .contain, width: 100, height: 100, sampleAspectRatio: .one, rotation: 0,
      angle: 0)
    #expect(contain.picture == SIMD4(60, 0, 100, 100), "a square centred in a 2:1 box")
    #expect(contain.clip == SIMD4(60, 0, 160, 100))
    let cover = LayerGeometry(
      box: box, fit: .cover, width: 100, height: 100, sampleAspectRatio: .one, rotation: 0, angle: 0
    )
    #expect(cover.picture == SIMD4(10, -50, 200, 200))
    #expect(cover.clip == SIMD4(10, 0, 210, 100), "cut to the box")
    let stretch = LayerGeometry(
      box: box, fit: .stretch, width: 100, height: 100, sampleAspectRatio: .one, rotation: 0,
      angle: 0)
    #expect(stretch.picture == SIMD4(10, 0, 200, 100))
    #expect(contain.isPixelAligned, "unscaled, at a whole-pixel offset")
    #expect(!cover.isPixelAligned && !stretch.isPixelAligned, "both are scaled")
  }

  @Test func aSampleAspectRatioWidensThePictureBeforeFit() {
    // 100x100 stored pixels at 2:1 display as 200x100: exactly a 200x100 box.
    let g = LayerGeometry(
      box: FrameRect(x: 0, y: 0, width: 200, height: 100), fit: .contain, width: 100,
      height: 100,
      sampleAspectRatio: Rational(2), rotation: 0, angle: 0)
    #expect(g.picture == SIMD4(0, 0, 200, 100))
    #expect(!g.isPixelAligned, "two output pixels per stored pixel")
  }

  @Test(arguments: [
    // rotation, displayed top-left corner's stored (s, t), displayed top-right's
    (90, SIMD2(0.0, 1.0), SIMD2(0.0, 0.0)),
    (180, SIMD2(1.0, 1.0), SIMD2(0.0, 1.0)),
    (270, SIMD2(1.0, 0.0), SIMD2(1.0, 1.0)),
    (0, SIMD2(0.0, 0.0), SIMD2(1.0, 0.0)),
  ])
  func clockwiseRotationShowsTheStoredCornersWhereAPlayerWould(
    rotation: Int, topLeft: SIMD2<Double>, topRight: SIMD2<Double>
  ) {
    // A 40x20 stored picture; turned a quarter it displays 20x40 and fills a 20x40 box.
    let quarter = rotation % 180 == 90
    let box = FrameRect(
      x: 0, y: 0, width: Double(quarter ? 20 : 40), height: Double(quarter ? 40 : 20))
    let g = LayerGeometry(
      box: box, fit: .contain, width: 40, height: 20, sampleAspectRatio: .one,
      rotation: rotation, angle: 0)
    #expect(g.picture == SIMD4(0, 0, Double(box.width), Double(box.height)))
    #expect(texture(g, 0, 0) == topLeft)
    #expect(texture(g, Double(box.width), 0) == topRight)
    #expect(g.isPixelAligned == (rotation == 0))
  }
}

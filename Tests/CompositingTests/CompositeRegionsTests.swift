import Testing

@testable import Compositing

@Suite("Compositing regions: each target pixel drawn once, with every layer that reaches it")
struct CompositeRegionsTests {
  /// The layers a brute-force check says may cover target pixel (x, y): those whose clip
  /// overlaps the pixel's square of output pixels.
  static func reaching(
    _ x: Int, _ y: Int, scale: SIMD2<Double>, clips: [SIMD4<Double>]
  ) -> [Int] {
    let (x0, y0) = (Double(x) * scale.x, Double(y) * scale.y)
    let (x1, y1) = (x0 + scale.x, y0 + scale.y)
    return clips.indices.filter { i in
      let c = clips[i]
      return min(x1, c.z) > max(x0, c.x) && min(y1, c.w) > max(y0, c.y)
    }
  }

  @discardableResult
  static func check(
    width: Int, height: Int, scale: SIMD2<Double>, clips: [SIMD4<Double>],
    mayPartlyCover: [Bool]? = nil
  ) -> [CompositeRegions.Region] {
    let regions = CompositeRegions.split(
      width: width, height: height, scale: scale, clips: clips, mayPartlyCover: mayPartlyCover)
    var owner = [Int?](repeating: nil, count: width * height)
    for (index, region) in regions.enumerated() {
      let r = region.rect
      #expect(r.z > 0 && r.w > 0, "empty region \(r)")
      for y in Int(r.y)..<Int(r.y + r.w) {
        for x in Int(r.x)..<Int(r.x + r.z) {
          #expect(owner[y * width + x] == nil, "pixel \(x),\(y) is in two regions")
          owner[y * width + x] = index
          // Every layer that reaches the pixel is drawn there, bottom first.
          let needed = reaching(x, y, scale: scale, clips: clips)
          #expect(
            needed.allSatisfy(region.layers.contains), "pixel \(x),\(y) misses \(needed)")
          #expect(region.layers == region.layers.sorted())
        }
      }
    }
    #expect(owner.allSatisfy { $0 != nil }, "some pixel is in no region")
    return regions
  }

  @Test("the ad's layers at full size: a plate, a presenter, a band, a logo, two text boxes")
  func adLayout() {
    let clips: [SIMD4<Double>] = [
      SIMD4(0, 0, 128, 72), SIMD4(56, 4, 128, 58), SIMD4(0, 56, 128, 72), SIMD4(4, 4, 19, 19),
      SIMD4(4, 56, 88, 71), SIMD4(92, 58, 123, 70),
    ]
    Self.check(width: 128, height: 72, scale: SIMD2(1, 1), clips: clips)
  }

  @Test("half-size chroma targets with clips on odd and fractional edges")
  func chromaScale() {
    let clips: [SIMD4<Double>] = [
      SIMD4(3, 5, 41, 30), SIMD4(10.5, 0, 64, 7.25), SIMD4(-20, -20, 200, 3),
    ]
    Self.check(width: 32, height: 18, scale: SIMD2(2, 2), clips: clips)
  }

  @Test("the stacking pass's packed targets: four or eight pixels wide, two high")
  func packedScale() {
    let clips: [SIMD4<Double>] = [
      SIMD4(0, 0, 320, 180), SIMD4(200, 20, 296, 84), SIMD4(8, 2, 17, 9),
    ]
    Self.check(width: 80, height: 90, scale: SIMD2(4, 2), clips: clips)
    Self.check(width: 40, height: 90, scale: SIMD2(8, 2), clips: clips)
  }

  @Test("a layer wholly outside the target reaches no region; a frame with no layers is one")
  func outside() {
    let regions = CompositeRegions.split(
      width: 16, height: 8, scale: SIMD2(1, 1), clips: [SIMD4(20, 0, 40, 8), SIMD4(0, -9, 16, -1)])
    #expect(regions == [.init(rect: SIMD4(0, 0, 16, 8), layers: [])])
    #expect(
      CompositeRegions.split(width: 16, height: 8, scale: SIMD2(1, 1), clips: [])
        == [.init(rect: SIMD4(0, 0, 16, 8), layers: [])])
  }

  @Test("a small layer only costs its own rectangle: pixels beside it are drawn without it")
  func smallLayer() {
    let regions = CompositeRegions.split(
      width: 100, height: 100, scale: SIMD2(1, 1),
      clips: [SIMD4(0, 0, 100, 100), SIMD4(10, 10, 20, 20)])
    let withLogo = regions.filter { $0.layers == [0, 1] }
    #expect(withLogo.map(\.rect) == [SIMD4(10, 10, 10, 10)])
  }

  @Test("neighbours with the same layers merge down as well as across: fewer draws")
  func mergesDown() {
    // A logo at the top left and an inset at the right, over a full-frame layer: the logo's
    // and the inset's columns are each cut by the other's edges, and merge back.
    let clips: [SIMD4<Double>] = [
      SIMD4(0, 0, 100, 100), SIMD4(0, 0, 20, 50), SIMD4(80, 30, 100, 60),
    ]
    Self.check(width: 100, height: 100, scale: SIMD2(1, 1), clips: clips)
    let regions = CompositeRegions.split(
      width: 100, height: 100, scale: SIMD2(1, 1), clips: clips)
    #expect(regions.count == 6, "\(regions)")
    #expect(regions.contains(.init(rect: SIMD4(0, 0, 20, 50), layers: [0, 1])))
    #expect(regions.contains(.init(rect: SIMD4(80, 30, 20, 30), layers: [0, 2])))
  }

  /// `count` 40×30 boxes scattered over a 320×180 frame, overlapping, as moving fills are.
  static func scattered(_ count: Int) -> [SIMD4<Double>] {
    (0..<count).map { i in
      let x = Double((i * 37) % 280)
      let y = Double((i * 23) % 150)
      return SIMD4(x, y, x + 40, y + 30)
    }
  }

  @Test(
    "a hundred overlapping layers that may partly cover: a coarse grid, every layer still listed")
  func coarseGrid() {
    let clips = Self.scattered(100)
    // Cut exactly, they make thousands of regions, each a draw.
    let exact = CompositeRegions.split(
      width: 80, height: 90, scale: SIMD2(4, 2), clips: clips)
    #expect(exact.count > 500)
    let coarse = Self.check(
      width: 80, height: 90, scale: SIMD2(4, 2), clips: clips,
      mayPartlyCover: Array(repeating: true, count: clips.count))
    #expect(coarse.count <= CompositeRegions.coarseCells * CompositeRegions.coarseCells)
    // A layer that must cover whole regions (a fused one) keeps its edges as region edges.
    var mixed = Array(repeating: true, count: clips.count)
    mixed[50] = false
    let regions = Self.check(
      width: 80, height: 90, scale: SIMD2(4, 2), clips: clips, mayPartlyCover: mixed)
    let clip = clips[50]
    let (x0, y0) = (Int32((clip.x / 4).rounded(.down)), Int32((clip.y / 2).rounded(.down)))
    let (x1, y1) = (Int32((clip.z / 4).rounded(.up)), Int32((clip.w / 2).rounded(.up)))
    for region in regions where region.layers.contains(50) {
      let r = region.rect
      #expect(
        r.x >= x0 && r.y >= y0 && r.x + r.z <= x1 && r.y + r.w <= y1,
        "\(r) is not inside the fused layer's \([x0, y0, x1, y1])")
    }
  }

  @Test("a few layers are cut exactly even when they may partly cover")
  func fewLayersStayExact() {
    let clips = Self.scattered(6)
    #expect(
      CompositeRegions.split(
        width: 80, height: 90, scale: SIMD2(4, 2), clips: clips,
        mayPartlyCover: Array(repeating: true, count: 6))
        == CompositeRegions.split(width: 80, height: 90, scale: SIMD2(4, 2), clips: clips))
  }
}

/// Splits a stacking pass's target into rectangles, each with the layers that reach it, so
/// that each rectangle is drawn by a program made for exactly those layers, and a layer's
/// block runs only where the layer is: a small logo costs its own rectangle, not the frame.
/// Every edge of every clip is an edge between regions, so a layer either covers a region or
/// stays out of it. Neighbours with the same layers are merged, across and down, since each
/// region is a draw of its own.
///
/// Many overlapping layers (a hundred moving fills) would cut the frame into thousands of
/// regions, each a draw, and finding them costs regions × layers: past `exactCellLimit` cells
/// the frame is cut instead on a coarse grid (and at the edges of the layers that must cover
/// whole regions), and a layer that may only partly cover a region is listed there: the
/// stacking pass tests, per fragment, whether it is inside a prepared layer's box. The cost
/// then grows with the layers, not with their overlaps.
enum CompositeRegions {
  /// One rectangle of the target (x, y, width, height in target pixels) and the indices of
  /// the layers (bottom first) whose clip reaches into it.
  struct Region: Equatable {
    var rect: SIMD4<Int32>
    var layers: [Int]
  }

  /// The regions of a `width` × `height` target whose pixels each stand for `scale.x` ×
  /// `scale.y` output pixels, for layers with `clips` (x0, y0, x1, y1 in output pixels). Every
  /// target pixel lies in exactly one region; a layer is listed wherever any of its clip may
  /// cover part of a pixel.
  static func split(
    width: Int, height: Int, scale: SIMD2<Double>, clips: [SIMD4<Double>],
    mayPartlyCover: [Bool]? = nil
  ) -> [Region] {
    // Each clip in target pixels, widened to whole pixels, cut to the target.
    let spans = clips.map { clip -> SIMD4<Int>? in
      let x0 = max(0, Int((clip.x / scale.x).rounded(.down)))
      let y0 = max(0, Int((clip.y / scale.y).rounded(.down)))
      let x1 = min(width, Int((clip.z / scale.x).rounded(.up)))
      let y1 = min(height, Int((clip.w / scale.y).rounded(.up)))
      return x0 < x1 && y0 < y1 ? SIMD4(x0, y0, x1, y1) : nil
    }
    var xs = Set([0, width] + spans.compactMap { $0 }.flatMap { [$0.x, $0.z] }).sorted()
    var ys = Set([0, height] + spans.compactMap { $0 }.flatMap { [$0.y, $0.w] }).sorted()
    // Which layers may be listed where they cover only part of a region: none, unless there
    // are too many cells to list exactly.
    var partial = [Bool](repeating: false, count: spans.count)
    if let mayPartlyCover, (xs.count - 1) * (ys.count - 1) > exactCellLimit {
      partial = mayPartlyCover
      let whole = spans.indices.compactMap { partial[$0] ? nil : spans[$0] }
      xs = Set(grid(width) + whole.flatMap { [$0.x, $0.z] }).sorted()
      ys = Set(grid(height) + whole.flatMap { [$0.y, $0.w] }).sorted()
    }
    var regions: [Region] = []
    // Regions of the band above, by their x, width and layers: one that the band below
    // continues exactly grows down instead of starting a new draw.
    var above: [Key: Int] = [:]
    for (top, bottom) in zip(ys, ys.dropFirst()) {
      var row: [Region] = []
      for (left, right) in zip(xs, xs.dropFirst()) {
        let layers = spans.indices.filter { index in
          guard let span = spans[index] else { return false }
          if partial[index] {
            return span.x < right && left < span.z && span.y < bottom && top < span.w
          }
          return span.x <= left && right <= span.z && span.y <= top && bottom <= span.w
        }
        let rect = SIMD4(Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
        // Neighbours in a band with the same layers are drawn as one rectangle.
        if let last = row.last, last.layers == layers {
          row[row.count - 1].rect.z += rect.z
        } else {
          row.append(Region(rect: rect, layers: layers))
        }
      }
      var continued: [Key: Int] = [:]
      for region in row {
        let key = Key(x: region.rect.x, width: region.rect.z, layers: region.layers)
        if let index = above[key], regions[index].rect.y + regions[index].rect.w == region.rect.y {
          regions[index].rect.w += region.rect.w
          continued[key] = index
        } else {
          regions.append(region)
          continued[key] = regions.count - 1
        }
      }
      above = continued
    }
    return regions
  }

  /// Above this many cells, layers that may partly cover a region are placed on a coarse grid.
  static let exactCellLimit = 256
  /// The coarse grid's cells along each side.
  static let coarseCells = 8

  /// The coarse grid's lines along a side of `length` target pixels, both ends included.
  private static func grid(_ length: Int) -> [Int] {
    let step = max(1, (length + coarseCells - 1) / coarseCells)
    return Array(stride(from: 0, to: length, by: step)) + [length]
  }

  private struct Key: Hashable {
    var x: Int32
    var width: Int32
    var layers: [Int]
  }
}

/// Splits a stacking pass's target into rectangles, each with the layers that reach it, so
/// that each rectangle is drawn by a program made for exactly those layers, and a layer's
/// block runs only where the layer is: a small logo costs its own rectangle, not the frame.
/// Every edge of every clip is an edge between regions, so a layer either covers a region or
/// stays out of it, and no pixel needs to test where a layer is. Neighbours with the same
/// layers are merged, across and down, since each region is a draw of its own.
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
  static func split(width: Int, height: Int, scale: SIMD2<Double>, clips: [SIMD4<Double>])
    -> [Region]
  {
    // Each clip in target pixels, widened to whole pixels, cut to the target.
    let spans = clips.map { clip -> SIMD4<Int>? in
      let x0 = max(0, Int((clip.x / scale.x).rounded(.down)))
      let y0 = max(0, Int((clip.y / scale.y).rounded(.down)))
      let x1 = min(width, Int((clip.z / scale.x).rounded(.up)))
      let y1 = min(height, Int((clip.w / scale.y).rounded(.up)))
      return x0 < x1 && y0 < y1 ? SIMD4(x0, y0, x1, y1) : nil
    }
    let xs = Set([0, width] + spans.compactMap { $0 }.flatMap { [$0.x, $0.z] }).sorted()
    let ys = Set([0, height] + spans.compactMap { $0 }.flatMap { [$0.y, $0.w] }).sorted()
    var regions: [Region] = []
    // Regions of the band above, by their x, width and layers: one that the band below
    // continues exactly grows down instead of starting a new draw.
    var above: [Key: Int] = [:]
    for (top, bottom) in zip(ys, ys.dropFirst()) {
      var row: [Region] = []
      for (left, right) in zip(xs, xs.dropFirst()) {
        let layers = spans.indices.filter { index in
          guard let span = spans[index] else { return false }
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

  private struct Key: Hashable {
    var x: Int32
    var width: Int32
    var layers: [Int]
  }
}

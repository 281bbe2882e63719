import PlanValues

/// Where each word box of a page may be cut from a look's picture: its box, reaching out for
/// the ink that leans past a glyph's advance and for the outline, but never past the middle of
/// the gap to the next box on its line, or to the line above or below. Words of scripts
/// written without spaces touch, so their cells meet at the boundary and no word carries a
/// sliver of its neighbour in the wrong look.
struct WordCells {
  /// Per word, per box, the rectangle to cut (x, y, width, height).
  let cells: [[PixelRect]]

  /// The cells of `boxes` (per word, its boxes), reaching at most `reach` past each box.
  init(_ boxes: [[WordBox]], reach: [(x: Double, y: Double)]) {
    let all = boxes.flatMap { $0 }
    cells = zip(boxes, reach).map { wordBoxes, reach in
      wordBoxes.map { Self.cell(of: $0, among: all, reach: reach) }
    }
  }

  private static func cell(of box: WordBox, among all: [WordBox], reach: (x: Double, y: Double))
    -> PixelRect
  {
    let right = box.x + box.width
    let bottom = box.y + box.height
    var left = box.x - reach.x
    var rightEdge = right + reach.x
    var top = box.y - reach.y
    var bottomEdge = bottom + reach.y
    for other in all where other != box {
      let otherRight = other.x + other.width
      let otherBottom = other.y + other.height
      let sameLine = abs(other.y - box.y) < 0.5 * box.height
      if sameLine {
        if otherRight <= box.x + 0.5 {
          left = max(left, (otherRight + box.x) / 2)
        } else if other.x >= right - 0.5 {
          rightEdge = min(rightEdge, (right + other.x) / 2)
        }
      } else if otherBottom <= box.y + 0.5 * box.height {
        top = max(top, min(box.y, (otherBottom + box.y) / 2))
      } else if other.y >= bottom - 0.5 * box.height {
        bottomEdge = min(bottomEdge, max(bottom, (bottom + other.y) / 2))
      }
    }
    return PixelRect(x: left, y: top, width: rightEdge - left, height: bottomEdge - top)
  }
}

import Diagnostics
import PlanValues
import Timeline
import Yams

/// Values that several kinds of layer (and audio tracks) share: a time after zero, a box, a
/// chroma key.
extension ReadContext {
  func positiveTime(_ node: Node, what: String) -> Located<TimeValue>? {
    guard let t = time(node, what: what) else { return nil }
    if t.value == .zero || t.value == .frames(0) {
      error("out-of-range", "\(what) must be greater than zero", at: t.location)
      return nil
    }
    return t
  }

  func box(_ node: Node) -> Located<Box>? {
    let here = location(of: node)
    guard case .sequence(let items) = node, items.count == 4 else {
      error(
        "bad-box", "box must be a list of four numbers [x, y, width, height]", at: here,
        help: "for example: box: [640, 180, 640, 540]")
      return nil
    }
    let names = ["x", "y", "width", "height"]
    var values: [Int] = []
    for (item, name) in zip(items, names) {
      let range = name.count == 1 ? -16384...16384 : 1...16384
      guard let v = integer(item, what: "box \(name)", in: range) else { return nil }
      values.append(v.value)
    }
    return Located(Box(x: values[0], y: values[1], width: values[2], height: values[3]), at: here)
  }

  /// `key:` of a `source` or `image` layer.
  func readKey(_ node: Node, subject: String) -> KeySpec? {
    let keys = ["color", "similarity", "smoothness", "spill"]
    guard let map = MappingReader(node, subject: "key of \(subject)", keys: keys, in: self) else {
      return nil
    }
    let here = map.location
    return KeySpec(
      location: here,
      color: map.value("color").flatMap { color($0, what: "a key colour") }
        ?? Located(.green, at: here),
      similarity: map.value("similarity").flatMap { number($0, what: "similarity", in: 0...1) }
        ?? Located(0.25, at: here),
      smoothness: map.value("smoothness").flatMap { number($0, what: "smoothness", in: 0...1) }
        ?? Located(0.1, at: here),
      spill: map.value("spill").flatMap { number($0, what: "spill", in: 0...1) }
        ?? Located(0.5, at: here))
  }
}

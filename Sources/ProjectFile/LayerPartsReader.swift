import Diagnostics
import PlanValues
import Timeline
import Yams

/// Values that several kinds of layer (and audio tracks) share: a time after zero, a chroma key.
extension ReadContext {
  func positiveTime(_ node: Node, what: String) -> Located<TimeValue>? {
    guard let t = time(node, what: what) else { return nil }
    return positive(t, what: what)
  }

  /// `t` when it is more than zero; else an error, and nil.
  func positive(_ t: Located<TimeValue>, what: String) -> Located<TimeValue>? {
    if t.value == .zero || t.value == .frames(0) {
      error("out-of-range", "\(what) must be greater than zero", at: t.location)
      return nil
    }
    return t
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

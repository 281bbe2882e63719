import Diagnostics
import PlanValues
import Timeline
import Yams

/// Reads values that may change over time (`box`, `opacity`, `rotation`): a plain value, or a
/// list of keyframes `{ at: TIME, value: VALUE, ease: EASING }`.
extension ReadContext {
  /// The keys of a keyframe.
  static let keyframeKeys = ["at", "value", "ease"]

  /// A plain value read by `read`, or keyframes whose values `read` reads. A list is keyframes
  /// when its first item is a mapping (or it is empty); otherwise it is a plain value (a box's
  /// four numbers). `keyframeValue` reads a keyframe's value where it differs from a plain one.
  func animated<Value>(
    _ node: Node, what: String, read: (Node) -> Located<Value>?,
    keyframeValue: ((Node) -> Located<Value>?)? = nil
  ) -> AnimatedSpec<Value>? {
    guard case .sequence(let items) = node, items.isEmpty || items.first?.mapping != nil else {
      return read(node).map(AnimatedSpec.constant)
    }
    if let keyframeValue {
      return keyframes(node, items: Array(items), what: what, read: keyframeValue)
    }
    return keyframes(node, items: Array(items), what: what, read: read)
  }

  private func keyframes<Value>(
    _ node: Node, items: [Node], what: String, read: (Node) -> Located<Value>?
  ) -> AnimatedSpec<Value>? {
    let here = location(of: node)
    guard !items.isEmpty else {
      error(
        "bad-keyframes", "\(what) has an empty list of keyframes", at: here,
        help: "write one value, or keyframes such as [{ at: 0s, value: …}, { at: 1s, value: …}]")
      return nil
    }
    var keyframes: [KeyframeSpec<Value>] = []
    var complete = true
    for (index, item) in items.enumerated() {
      let subject = "keyframe \(index + 1) of \(what)"
      guard item.mapping != nil else {
        error(
          "bad-keyframes",
          "\(subject) must be a mapping { at: TIME, value: VALUE }, found \(item.kindName)",
          at: location(of: item),
          help: "every item of a keyframe list is a keyframe, such as { at: 1s, value: …}")
        complete = false
        continue
      }
      guard
        let map = MappingReader(item, subject: subject, keys: Self.keyframeKeys, in: self)
      else {
        complete = false
        continue
      }
      let help = "a keyframe is { at: TIME, value: VALUE } with an optional ease"
      let at = map.required("at", help: help).flatMap { followingTime($0, what: "at") }
      let value = map.required("value", help: help).flatMap(read)
      let ease = map.value("ease").map(easing) ?? Located(.linear, at: map.location)
      guard let at, let value, let ease else {
        complete = false
        continue
      }
      keyframes.append(KeyframeSpec(location: map.location, at: at, value: value, ease: ease))
    }
    guard complete else { return nil }
    return AnimatedSpec(location: here, keyframes: keyframes)
  }

  /// `linear`, `in`, `out`, `in_out`, `hold`, or `[x1, y1, x2, y2]` (a CSS cubic Bézier, x1 and
  /// x2 within 0…1).
  func easing(_ node: Node) -> Located<Easing>? {
    let names = Easing.names.map(\.name)
    guard case .sequence(let items) = node else {
      guard let s = scalarText(node, expected: "an easing", example: "in_out") else { return nil }
      let text = String(s.text.trimmingWhitespace())
      if let easing = Easing.names.first(where: { $0.name == text })?.easing {
        return Located(easing, at: s.location)
      }
      error(
        "bad-ease",
        "ease must be \(names.joined(separator: ", ")) or a list [x1, y1, x2, y2], found '\(s.text)'",
        at: s.location, notes: s.substitutionNotes,
        help: Suggestions.help(for: text, among: names)
          ?? "for a curve of your own, write four numbers: ease: [0.34, 1.56, 0.64, 1]")
      return nil
    }
    let here = location(of: node)
    guard items.count == 4 else {
      error(
        "bad-ease", "a Bézier ease is four numbers [x1, y1, x2, y2], found \(items.count)",
        at: here, help: "for example: ease: [0.34, 1.56, 0.64, 1]")
      return nil
    }
    let parts = zip(items, ["x1", "y1", "x2", "y2"]).map { item, name in
      number(item, what: "ease \(name)", in: name.hasPrefix("x") ? 0...1 : -10...10)
    }
    let values = parts.compactMap { $0?.value }
    guard values.count == 4 else { return nil }
    return Located(
      .cubicBezier(x1: values[0], y1: values[1], x2: values[2], y2: values[3]), at: here)
  }

  /// A box `[x, y, width, height]` in output pixels; each may be a percentage of the output's
  /// width (x, width) or height (y, height). `frame` is the output's size, `nil` when it could
  /// not be read (then a percentage has nothing to resolve against, and the size's own error
  /// says why). Inside keyframes a box may shrink to nothing (`emptyAllowed`).
  func box(_ node: Node, frame: Located<FrameSize>?, emptyAllowed: Bool) -> Located<FrameRect>? {
    let here = location(of: node)
    guard case .sequence(let items) = node, items.count == 4 else {
      error(
        "bad-box",
        "box must be a list of four numbers [x, y, width, height]", at: here,
        help:
          "for example: box: [640, 180, 640, 540], or in percent: [\"5%\", \"70%\", \"90%\", \"20%\"]"
      )
      return nil
    }
    // Every number is read, so that each mistake is reported.
    let values = zip(items, ["x", "y", "width", "height"]).map { item, name in
      let across = name == "x" || name == "width"
      let side = frame.map { across ? $0.value.width : $0.value.height }
      return boxLength(
        item, what: "box \(name)", side: side, isSize: name.count > 1, emptyAllowed: emptyAllowed)
    }.compactMap { $0 }
    guard values.count == 4 else { return nil }
    return Located(
      FrameRect(x: values[0], y: values[1], width: values[2], height: values[3]), at: here)
  }

  /// One number of a box, in pixels: written as pixels, or as a percentage of `side` (`nil`:
  /// the output's size is unknown, so nothing more is said).
  private func boxLength(
    _ node: Node, what: String, side: Int?, isSize: Bool, emptyAllowed: Bool
  ) -> Double? {
    guard let s = scalarText(node, expected: what, example: isSize ? "\"50%\"" : "0") else {
      return nil
    }
    var text = s.text.trimmingWhitespace()
    let isPercent = text.hasSuffix("%")
    if isPercent { text = text.dropLast().trimmingWhitespace() }
    guard let number = DecimalText.rational(text) else {
      error(
        "wrong-type",
        "expected \(what) in pixels or as a percentage such as \"50%\", found '\(s.text)'",
        at: s.location, notes: s.substitutionNotes)
      return nil
    }
    var pixels = number
    if isPercent {
      guard let side else { return nil }
      pixels = number * Rational(Int64(side)) / Rational(100)
    }
    let limit = Rational(16384)
    let inRange =
      isSize
      ? (emptyAllowed ? !pixels.isNegative : pixels > .zero) && pixels <= limit
      : pixels >= -limit && pixels <= limit
    guard inRange else {
      let bounds =
        isSize
        ? (emptyAllowed ? "0 to 16384" : "greater than 0 and at most 16384") : "-16384 to 16384"
      let resolved = isPercent ? " (\(Self.pixelText(pixels)) px)" : ""
      error(
        "out-of-range", "\(what) must be \(bounds) pixels, found \(s.text)\(resolved)",
        at: s.location, notes: s.substitutionNotes)
      return nil
    }
    return pixels.doubleValue
  }

  /// `1944` or `1943.5`: a resolved length for a message.
  private static func pixelText(_ value: Rational) -> String {
    let double = value.doubleValue
    return double == double.rounded() ? String(Int64(double)) : String(double)
  }
}

extension Node {
  /// The node's mapping, when it is one.
  fileprivate var mapping: Node.Mapping? {
    if case .mapping(let mapping) = self { return mapping }
    return nil
  }
}

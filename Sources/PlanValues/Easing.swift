import Foundation

/// How a value moves from one keyframe to the next: a curve from progress in time (0…1) to
/// progress in value. The one home of the easing formulas (CSS's `cubic-bezier` timing
/// functions, which `in`, `out` and `in_out` name).
public enum Easing: Sendable, Hashable {
  /// Constant speed.
  case linear
  /// CSS `ease-in`, `cubic-bezier(0.42, 0, 1, 1)`: starts slowly.
  case easeIn
  /// CSS `ease-out`, `cubic-bezier(0, 0, 0.58, 1)`: ends slowly.
  case easeOut
  /// CSS `ease-in-out`, `cubic-bezier(0.42, 0, 0.58, 1)`.
  case easeInOut
  /// Any CSS `cubic-bezier(x1, y1, x2, y2)`: x1 and x2 within 0…1, y1 and y2 free, so a curve
  /// may overshoot.
  case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
  /// The value stays until the next keyframe, then jumps.
  case hold

  /// The names written in a project file, by case.
  public static let names: [(name: String, easing: Easing)] = [
    ("linear", .linear), ("in", .easeIn), ("out", .easeOut), ("in_out", .easeInOut),
    ("hold", .hold),
  ]

  /// The name written in a project file; `nil` for a Bézier list.
  public var name: String? {
    Self.names.first { $0.easing == self }?.name
  }

  /// Progress in value at progress `x` in time, for `x` in 0..<1 (the next keyframe, at 1,
  /// has its own value).
  public func progress(_ x: Double) -> Double {
    switch self {
    case .linear: x
    case .hold: 0
    case .easeIn: Self.bezier(x, 0.42, 0, 1, 1)
    case .easeOut: Self.bezier(x, 0, 0, 0.58, 1)
    case .easeInOut: Self.bezier(x, 0.42, 0, 0.58, 1)
    case .cubicBezier(let x1, let y1, let x2, let y2): Self.bezier(x, x1, y1, x2, y2)
    }
  }

  /// The Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), as y at `x`:
  /// solve x(s) = x for the curve parameter s, then give y(s). With x1 and x2 in 0…1, x(s)
  /// rises monotonically, so bisection always finds s; Newton's steps make it fast.
  static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double)
    -> Double
  {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    // B(s) = 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³ = ((a·s + b)·s + c)·s.
    func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
      let c = 3 * p1
      let b = 3 * (p2 - p1) - c
      return (1 - c - b, b, c)
    }
    let (ax, bx, cx) = coefficients(x1, x2)
    let (ay, by, cy) = coefficients(y1, y2)
    func curveX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    var low = 0.0
    var high = 1.0
    var s = x
    for _ in 0..<64 {
      let error = curveX(s) - x
      if abs(error) < 1e-12 { break }
      if error > 0 { high = s } else { low = s }
      let slope = slopeX(s)
      let newton = slope > 1e-9 ? s - error / slope : .nan
      // A Newton step that leaves the bracket (a flat or turning curve) is replaced by halving.
      s = newton > low && newton < high ? newton : (low + high) / 2
    }
    return ((ay * s + by) * s + cy) * s
  }
}

// Written in plans as the project file writes it: a name, or the Bézier's four numbers.
extension Easing: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let name = try? container.decode(String.self) {
      guard let easing = Self.names.first(where: { $0.name == name })?.easing else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "unknown easing '\(name)'")
      }
      self = easing
      return
    }
    let points = try container.decode([Double].self)
    guard points.count == 4 else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "a Bézier easing has four numbers")
    }
    self = .cubicBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if case .cubicBezier(let x1, let y1, let x2, let y2) = self {
      try container.encode([x1, y1, x2, y2])
    } else {
      try container.encode(name ?? "linear")
    }
  }
}

import PlanValues
import Testing
import Timeline

/// The easing curves and keyframe sampling the planner gives the compositor: values against
/// CSS's cubic-bezier curves (reference values from an independent bisection), and the exact
/// rules for times before, between, on and after keyframes.
@Suite("Easing and keyframes")
struct AnimatedTests {
  @Test(
    "each easing gives CSS's values at a quarter, half and three quarters of the way",
    arguments: [
      (Easing.easeIn, [0.093465, 0.315357, 0.621862]),
      (Easing.easeOut, [0.378138, 0.684643, 0.906535]),
      (Easing.easeInOut, [0.129162, 0.5, 0.870838]),
      (Easing.cubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1), [0.816289, 1.087401, 1.059647]),
      (Easing.linear, [0.25, 0.5, 0.75]),
      (Easing.hold, [0, 0, 0]),
    ])
  func curves(easing: Easing, expected: [Double]) {
    for (x, y) in zip([0.25, 0.5, 0.75], expected) {
      #expect(abs(easing.progress(x) - y) < 1e-6, "\(easing) at \(x)")
    }
    #expect(easing.progress(0) == 0)
  }

  @Test("a curve whose ends sit on the axis (x1 = 0 or x2 = 1) is still solved everywhere")
  func flatEnds() {
    let curve = Easing.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
    var previous = 0.0
    for step in 1..<1000 {
      let y = curve.progress(Double(step) / 1000)
      #expect(y.isFinite && y >= previous - 1e-12, "step \(step)")
      previous = y
    }
  }

  @Test(
    "before the first keyframe its value holds, after the last the last; on a keyframe, its own")
  func sampling() {
    let animated = Animated(keyframes: [
      Keyframe(at: Rational(1), value: 10.0, ease: .linear),
      Keyframe(at: Rational(2), value: 20.0, ease: .hold),
      Keyframe(at: Rational(3), value: 50.0, ease: .linear),
    ])
    #expect(animated.value(at: .zero) == 10)
    #expect(animated.value(at: Rational(1)) == 10)
    #expect(animated.value(at: Rational(3, 2)) == 15)
    #expect(animated.value(at: Rational(2)) == 20)
    // Hold: the value stays until the next keyframe's exact time, then jumps.
    #expect(animated.value(at: Rational(2999, 1000)) == 20)
    #expect(animated.value(at: Rational(3)) == 50)
    #expect(animated.value(at: Rational(100)) == 50)
    #expect(!animated.isConstant && Animated(constant: 4.0).value(at: Rational(7)) == 4)
  }

  @Test("a box's edges and sizes move each on their own, with no rounding")
  func boxes() {
    let box = Animated(keyframes: [
      Keyframe(at: .zero, value: FrameRect(x: 0, y: 10, width: 100, height: 0), ease: .linear),
      Keyframe(
        at: Rational(1), value: FrameRect(x: 1, y: 10, width: 50, height: 20), ease: .linear),
    ])
    let third = box.value(at: Rational(1, 3))
    #expect(abs(third.x - 1.0 / 3) < 1e-12 && third.y == 10)
    #expect(abs(third.width - (100 - 50.0 / 3)) < 1e-12 && abs(third.height - 20.0 / 3) < 1e-12)
    #expect(!box.value(at: .zero).hasArea && box.value(at: Rational(1, 2)).hasArea)
  }
}

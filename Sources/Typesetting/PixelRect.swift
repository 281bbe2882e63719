/// A rectangle in picture pixels, origin at the top left; fractional where an outline's width
/// insets it.
struct PixelRect: Equatable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double

  /// The rectangle moved `amount` pixels inwards on every side.
  func inset(by amount: Double) -> PixelRect {
    PixelRect(
      x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }
}

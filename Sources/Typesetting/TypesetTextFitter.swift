public import PlanValues

/// The planner's text measurer: Pango, through the same typesetter and the same style
/// translation the render sets the text with.
public struct TypesetTextFitter: TextFitting {
  /// A measurer.
  public init() {}

  public func fit(_ request: TextFitRequest) -> Result<TextFitResult, TextFitFailure> {
    do throws(TypesettingError) {
      let fit = try Typesetter.fit(
        TextStyle.measuring(request), width: request.width, height: request.height,
        sizeMin: request.sizeMin, ellipsis: request.ellipsis)
      return .success(
        TextFitResult(
          size: fit.size, lineCount: fit.lineCount, fits: fit.fits, text: fit.text,
          ellipsized: fit.ellipsized, missingCharacters: fit.missingCharacters))
    } catch {
      return .failure(TextFitFailure(error.reason))
    }
  }

  public func wordBoxes(
    _ request: TextFitRequest, size: Double, align: TextAlign, valign: TextVerticalAlign,
    words: [Range<Int>]
  ) -> Result<[[WordBox]], TextFitFailure> {
    var style = TextStyle.measuring(request)
    style.pixelSize = size
    style.alignment = align
    style.verticalAlignment = valign
    do throws(TypesettingError) {
      return .success(
        try Typesetter.wordBoxes(
          style, width: request.width, height: request.height, words: words))
    } catch {
      return .failure(TextFitFailure(error.reason))
    }
  }
}

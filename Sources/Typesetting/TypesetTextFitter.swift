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
}

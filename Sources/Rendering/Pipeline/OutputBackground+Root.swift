import PlanValues
import RenderPlan

extension OutputPlan {
  /// What a root render draws over: a transparent background kept where the format keeps
  /// alpha, else `drawnAtRoot`.
  var drawnBackground: OutputBackground {
    format.alpha ? background : background.drawnAtRoot
  }
}

extension OutputBackground {
  /// What a root render (the movie, and the frame preview that shows the movie's frame) draws
  /// over: the project's background, but black for a transparent one, as an H.264 movie has
  /// no alpha to keep it in. Only a project drawn inside another keeps its transparency
  /// (`VideoCompositor.picture(_:)`), so its parent shows through.
  var drawnAtRoot: OutputBackground {
    switch self {
    case .color: self
    case .transparent: .color(.black)
    }
  }
}

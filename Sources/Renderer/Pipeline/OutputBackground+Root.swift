import PlanValues

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

/// A render that could not finish, with the layer it concerns when there is one, so the
/// message points at the layer's line in the project file however far into the render it came.
public struct RenderFailure: Error, Sendable, CustomStringConvertible, Codable {
  /// What went wrong, in words.
  public var message: String
  /// The layer's name, when one layer's input failed.
  public var layer: String?
  /// Where that layer is written in the project file.
  public var location: PlanLocation?

  /// A failure of the render as a whole (the output file, the GPU, the encoder).
  public init(_ message: String) {
    self.message = message
  }

  /// A failure of one layer's input.
  public init(_ message: String, layer: LayerPlan) {
    self.message = message
    self.layer = layer.name
    self.location = layer.location
  }

  /// A failure of something written at `location` that is no layer (a transition's pattern).
  public init(_ message: String, at location: PlanLocation) {
    self.message = message
    self.location = location
  }

  /// A failure of one audio stream's input, at the layer or track it belongs to.
  public init(_ message: String, audio stream: AudioStreamPlan) {
    self.message = message
    self.layer = stream.owner
    self.location = stream.location
  }

  public var description: String {
    guard let layer else { return message }
    return "layer '\(layer)': \(message)"
  }
}

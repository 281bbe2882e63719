/// What a layer shows once its source has ended but its duration has not.
public enum AfterEnd: String, Sendable, Codable, CaseIterable {
  /// Nothing: the layer is transparent.
  case hide
  /// The source's last frame.
  case hold
}

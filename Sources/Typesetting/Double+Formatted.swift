extension Double {
  /// The number as a user wrote it, for messages: `64` rather than `64.0`.
  var formatted: String {
    rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}

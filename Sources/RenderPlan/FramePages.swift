extension Array {
  /// The element whose `frames` hold output frame `k`, in a list whose ranges follow each
  /// other in frame order without overlapping (a captions layer's pages), found by bisection,
  /// since a render asks on every frame.
  public func element(atFrame k: Int64, frames: (Element) -> FrameRange) -> Element? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if frames(self[middle]).end <= k {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < count, frames(self[low]).contains(k) else { return nil }
    return self[low]
  }
}

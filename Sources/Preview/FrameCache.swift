/// The frames drawn last, by plan and request, up to a number of bytes: the least recently
/// used goes first. Every save the watch sees makes a new plan, whose frames never match an
/// old plan's keys; a change the watch cannot see (a font file) shows after the next save.
struct FrameCache {
  struct Key: Hashable {
    var counter: Int
    var request: FrameRequest
  }

  private let limitBytes: Int
  private var entries: [Key: (bytes: [UInt8], used: Int)] = [:]
  private var total = 0
  private var clock = 0

  init(limitBytes: Int) { self.limitBytes = limitBytes }

  subscript(key: Key) -> [UInt8]? {
    mutating get {
      guard let entry = entries[key] else { return nil }
      clock += 1
      entries[key] = (entry.bytes, clock)
      return entry.bytes
    }
    set {
      guard let bytes = newValue, bytes.count <= limitBytes else { return }
      clock += 1
      if let old = entries.updateValue((bytes, clock), forKey: key) { total -= old.bytes.count }
      total += bytes.count
      while total > limitBytes, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
        total -= oldest.value.bytes.count
        entries[oldest.key] = nil
      }
    }
  }
}

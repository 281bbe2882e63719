/// Float planar samples converted but not yet read, one array per channel. The first `skip`
/// samples that arrive are dropped rather than kept, which is how a reader starts at a
/// sample-exact position without seeking.
struct AudioSampleQueue {
  /// Samples still to drop before any are kept.
  private(set) var skip: Int64
  private var planes: [[Float]]
  /// How many samples at the front of each plane were already read.
  private var head = 0

  /// An empty queue for `channels` channels that drops the first `skip` samples it is given.
  init(channels: Int, skipping skip: Int64) {
    self.skip = skip
    planes = Array(repeating: [], count: channels)
  }

  /// Before any sample arrives: the samples that will arrive start `lead` samples into the
  /// timeline, so `lead` fewer are dropped, and if that leaves a deficit, the queue starts with
  /// that many samples of silence (a lead may be negative: then more are dropped).
  mutating func shiftStart(by lead: Int64) {
    precondition(count == 0, "the start can only move before any sample arrives")
    let remaining = skip - lead
    skip = max(remaining, 0)
    if remaining < 0 {
      planes = planes.map { _ in Array(repeating: 0, count: Int(-remaining)) }
    }
  }

  /// Samples per channel waiting to be read.
  var count: Int { planes[0].count - head }

  /// Appends `count` samples per channel from `source`, where channel c's samples start at
  /// `c × stride`; the part still owed to `skip` is dropped.
  mutating func append(_ source: UnsafeBufferPointer<Float>, stride: Int, count: Int) {
    let dropped = Int(min(Int64(count), skip))
    skip -= Int64(dropped)
    guard dropped < count else { return }
    for channel in planes.indices {
      let start = channel * stride
      planes[channel].append(contentsOf: source[(start + dropped)..<(start + count)])
    }
  }

  /// Moves up to `count` samples per channel into `buffers` and returns how many it moved.
  mutating func take(into buffers: [UnsafeMutableBufferPointer<Float>], count: Int) -> Int {
    let taken = min(count, self.count)
    guard taken > 0 else { return 0 }
    for channel in planes.indices {
      planes[channel].withUnsafeBufferPointer { plane in
        let from = plane[head..<(head + taken)]
        _ = UnsafeMutableBufferPointer(rebasing: buffers[channel][0..<taken]).update(
          fromContentsOf: from)
      }
    }
    head += taken
    // Read samples are let go once they outnumber the unread ones, so a long stream's queue
    // stays as small as the reads and frames it serves.
    if head > 4096 && head > self.count {
      for channel in planes.indices { planes[channel].removeFirst(head) }
      head = 0
    }
    return taken
  }
}

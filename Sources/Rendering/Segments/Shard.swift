/// `--shard I/N`: which share of a batch's rows one machine renders.
///
/// Row `r` (1-based) belongs to shard `(r − 1) mod N`, so shards 0 … N−1 are disjoint, cover
/// every row together, and need no coordinator: a Kubernetes Indexed Job passes
/// `$JOB_COMPLETION_INDEX/N`, a Slurm array `$SLURM_ARRAY_TASK_ID/N`. Rows are dealt round
/// robin, so every shard gets a similar share even when rows are sorted by size.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// This shard's index, `0 ..< count`.
  public var index: Int
  /// How many shards there are.
  public var count: Int

  /// The whole batch as one shard.
  public static let all = Shard(checkedIndex: 0, count: 1)

  /// A shard from its parts; `nil` unless `0 ≤ index < count`.
  public init?(index: Int, count: Int) {
    guard count >= 1, (0..<count).contains(index) else { return nil }
    self.init(checkedIndex: index, count: count)
  }

  private init(checkedIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Reads `I/N`, as in `3/8`; `nil` when malformed or out of range.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      return nil
    }
    self.init(index: index, count: count)
  }

  /// Whether row `number` (1-based) is this shard's.
  public func contains(rowNumber number: Int) -> Bool {
    (number - 1) % count == index
  }

  public var description: String { "\(index)/\(count)" }
}

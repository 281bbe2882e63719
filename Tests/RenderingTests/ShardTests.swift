import Rendering
import Testing

@Suite("--shard I/N: disjoint shares that cover every row")
struct ShardTests {
  @Test("every row belongs to exactly one shard, and shares differ by at most one row")
  func disjointAndCovering() throws {
    for count in 1...7 {
      let shards = try (0..<count).map { try #require(Shard(index: $0, count: count)) }
      var sizes = Array(repeating: 0, count: count)
      for row in 1...50 {
        let owners = shards.indices.filter { shards[$0].contains(rowNumber: row) }
        #expect(owners.count == 1, "row \(row) of \(count) shards: \(owners)")
        for owner in owners { sizes[owner] += 1 }
      }
      #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(sizes)")
    }
  }

  @Test("I/N parses when 0 <= I < N, and nothing else does")
  func parsing() {
    #expect(Shard(parsing: "2/8") == Shard(index: 2, count: 8))
    #expect(Shard(parsing: "0/1") == .all)
    for bad in ["8/8", "-1/4", "1/0", "1", "a/b", "1/2/3", "", "/4", "1/"] {
      #expect(Shard(parsing: bad) == nil, "\(bad)")
    }
  }
}

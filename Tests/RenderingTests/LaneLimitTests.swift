import Testing

@testable import Rendering

/// How many lanes a segmented render runs: what was asked, lowered to the cores and to what
/// the available memory holds, with the reason said; never fewer than one.
@Suite("segment lanes: lowered to the cores and the memory")
struct LaneLimitTests {
  static let lane: Int64 = 200_000_000

  @Test("a count within the cores and the memory is kept, and nothing is said")
  func kept() {
    let limit = LaneLimit.of(asked: 4, cores: 8, available: 8 * Self.lane, laneBytes: Self.lane)
    #expect(limit == LaneLimit(lanes: 4, lowered: nil))
  }

  @Test("more than the cores: lowered to the cores, saying how many there are")
  func cores() {
    let limit = LaneLimit.of(asked: 256, cores: 2, available: nil, laneBytes: Self.lane)
    #expect(limit == LaneLimit(lanes: 2, lowered: "this machine has 2 cores"))
    #expect(
      LaneLimit.of(asked: 3, cores: 1, available: nil, laneBytes: 1).lowered
        == "this machine has 1 core")
  }

  @Test("more than the memory holds: lowered to what it holds, at least one, saying why")
  func memory() {
    let limit = LaneLimit.of(
      asked: 32, cores: 64, available: 5 * Self.lane + 1, laneBytes: Self.lane)
    #expect(limit.lanes == 5)
    #expect(limit.lowered == "its available memory, 1.0 GB, holds 5 of about 200 MB each")
    let none = LaneLimit.of(asked: 8, cores: 8, available: 0, laneBytes: Self.lane)
    #expect(none.lanes == 1)
    let both = LaneLimit.of(asked: 256, cores: 16, available: 3 * Self.lane, laneBytes: Self.lane)
    #expect(both.lanes == 3)
    #expect(both.lowered?.hasPrefix("this machine has 16 cores and its available memory") == true)
  }

  @Test("a lane of a larger picture is counted at more memory")
  func picture() {
    #expect(LaneLimit.laneBytes(pixels: 1920 * 1080) > LaneLimit.laneBytes(pixels: 160 * 96))
    #expect(LaneLimit.laneBytes(pixels: 0) == LaneLimit.laneBaseBytes)
  }

  @Test("a segment's record is read back only for its own file, as sha256sum writes it")
  func record() {
    let hash = String(repeating: "ab", count: 32)
    let text = SegmentFileState.recordText(hash: hash, of: "000001-x.mp4")
    #expect(text == "\(hash)  000001-x.mp4\n")
    #expect(SegmentFileState.recordedHash(text, of: "000001-x.mp4") == hash)
    #expect(SegmentFileState.recordedHash(text, of: "000002-x.mp4") == nil)
    #expect(SegmentFileState.recordedHash(text.uppercased(), of: "000001-X.MP4") == nil)
    #expect(SegmentFileState.recordedHash("", of: "000001-x.mp4") == nil)
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A segmented render's lanes are processes of their own (`chromake segment-lane`): what
/// happens when one of them, or the render itself, dies or is stopped. Media and project are
/// `RenderSegmentTests`' (barcoded 160 × 96 frames, 1 s segments).
@Suite("chromake render: segment lanes as processes", .tags(.endToEnd))
struct SegmentLaneProcessTests {
  static let seconds = 40

  /// Starts a two-lane render in `folder` once its media and project are there, and waits
  /// until both lanes run and one has written a segment.
  private static func startTwoLanes(_ folder: ScratchFolder) throws -> RunningChromake {
    try RenderSegmentTests.prepare(folder, seconds: seconds)
    let render = try RunningChromake(
      ["render", "p.yaml", "--jobs", "2", "--progress", "none"], in: folder.url,
      environment: ["LP_NUM_THREADS": nil])
    try #require(
      RunningChromake.poll(seconds: 120) {
        (render.children.count == 2 && !RenderSegmentTests.segmentFiles(folder).isEmpty)
          || !render.process.isRunning
      } && render.process.isRunning,
      "two lanes did not start:\n\(render.stderr)")
    return render
  }

  /// The temporary files in the segment folder; only those of the processes `lanes`, when
  /// given.
  private static func temporaryFiles(_ folder: ScratchFolder, of lanes: [pid_t]? = nil) throws
    -> [String]
  {
    try FileManager.default.contentsOfDirectory(atPath: folder.path(".out.mp4.segments"))
      .filter { name in
        name.contains(".partial.")
          && (lanes?.contains { name.contains(".chromake-\($0)-") } ?? true)
      }
  }

  @Test(
    "a lane killed mid-render fails the render, which says so and writes no movie; the other lane stops and keeps its segments; the next render encodes only what is missing"
  )
  func killedLane() throws {
    try withScratchFolder { folder in
      let render = try Self.startTwoLanes(folder)
      let lanes = render.children
      kill(lanes[0], SIGKILL)
      let ending = render.finish(within: 60)
      #expect(ending == .exit(1), "\(String(describing: ending)):\n\(render.stderr)")
      #expect(
        render.stderr.contains("a segment lane process was killed by signal 9"),
        "\(render.stderr)")
      #expect(!lanes.contains(where: RunningChromake.isAlive), "a lane outlived the render")
      #expect(!FileManager.default.fileExists(atPath: folder.path("out.mp4")))

      let kept = RenderSegmentTests.segmentFiles(folder).count
      #expect(kept > 0 && kept < Self.seconds)
      let said = try RenderSegmentTests.render(folder, ["--explain"])
      #expect(
        said.contains("segments: \(Self.seconds - kept) of \(Self.seconds) encoded"), "\(said)")
      #expect(try SafetyFiles.decodedFrameCount(folder.path("out.mp4")) == 30 * Self.seconds)
      let left = try Self.temporaryFiles(folder)
      #expect(left == [], "the killed lane's file was not removed: \(left)")
    }
  }

  @Test(
    "SIGTERM to a two-lane render: both lanes stop, exit 143, whole segments only are kept; each lane's llvmpipe had its share of the cores"
  )
  func terminatedRender() throws {
    try withScratchFolder { folder in
      let render = try Self.startTwoLanes(folder)
      let lanes = render.children
      let cores = ProcessInfo.processInfo.activeProcessorCount
      for lane in lanes {
        #expect(
          RunningChromake.environment("LP_NUM_THREADS", of: lane) == "\(max(2, (cores + 1) / 2))")
      }
      render.send(SIGTERM)
      let ending = render.finish(within: 60)
      #expect(ending == .exit(143), "\(String(describing: ending)):\n\(render.stderr)")
      #expect(render.stderr.contains("the segments already encoded are kept"), "\(render.stderr)")
      #expect(!lanes.contains(where: RunningChromake.isAlive), "a lane outlived the render")
      let left = try Self.temporaryFiles(folder, of: lanes)
      #expect(left == [], "left behind: \(left)")
      for name in RenderSegmentTests.segmentFiles(folder) {
        let frames = try SafetyFiles.decodedFrameCount(
          folder.path(".out.mp4.segments/\(name)"))
        #expect(frames == 30, "\(name)")
      }
    }
  }

  @Test("SIGKILL to the render: its lanes stop short and leave no temporary file")
  func killedRender() throws {
    try withScratchFolder { folder in
      let render = try Self.startTwoLanes(folder)
      let lanes = render.children
      render.send(SIGKILL)
      // Watched before `finish`: Foundation's Process may not see the render's end until the
      // processes that inherited from it have ended too. Judged by order, not by a clock: the
      // lanes end, and segments are left unencoded, so they were stopped, not done.
      let ended = RunningChromake.poll(seconds: 30) {
        !lanes.contains(where: RunningChromake.isAlive)
      }
      #expect(ended, "lanes still run 30 s after the render died")
      let encoded = RenderSegmentTests.segmentFiles(folder).count
      #expect(encoded < Self.seconds, "the lanes encoded all \(encoded) segments: not stopped")
      _ = render.finish(within: 10)
      let left = try Self.temporaryFiles(folder, of: lanes)
      #expect(left == [], "left behind: \(left)")
    }
  }

  @Test(
    "a child project in a folder of its own, its media beside it, renders on two lanes the bytes it renders on one"
  )
  func childProjectOnLanes() throws {
    try withScratchFolder { folder in
      try FileManager.default.createDirectory(
        atPath: folder.path("parts"), withIntermediateDirectories: true)
      try BarcodeVideo.make(
        folder.path("parts/codes.mp4"), frames: 120, rate: "30", width: 160, height: 96)
      let child = """
        version: 1
        output: { file: part.mp4, size: 160x96, fps: 30 }
        layers:
          - { name: plate, source: codes.mp4 }
        """
      let parent = """
        version: 1
        output: { file: out.mp4, size: 160x96, fps: 30, segment: 1s, video: { preset: veryfast } }
        layers:
          - { name: part, project: parts/part.yaml }
        """
      try RenderSegmentTests.write(child, "parts/part.yaml", in: folder)
      try RenderSegmentTests.write(parent, "p.yaml", in: folder)
      try RenderSegmentTests.render(folder, ["--jobs", "1", "-o", "one.mp4"])
      try RenderSegmentTests.render(folder, ["--jobs", "2", "-o", "two.mp4"])
      let one = try RenderSegmentTests.bytes(folder.path("one.mp4"))
      #expect(try RenderSegmentTests.bytes(folder.path("two.mp4")) == one)
      #expect(try SafetyFiles.decodedFrameCount(folder.path("two.mp4")) == 120)
    }
  }
}

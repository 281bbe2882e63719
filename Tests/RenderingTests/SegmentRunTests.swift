import Foundation
import RenderPlan
import Session
import TestSupport
import Testing

@testable import Rendering

/// What a segmented render sends each lane process: the plan must arrive equal to the one
/// digested, the folders its paths resolve against included, its children's too.
@Suite struct SegmentRunTests {
  /// A project drawing a child project that lives in a folder of its own.
  private static func plan(in folder: ScratchFolder) throws -> RenderPlan {
    try FileManager.default.createDirectory(
      atPath: folder.path("parts"), withIntermediateDirectories: true)
    let child = """
      version: 1
      output: { file: bumper.mp4, size: 64x64, fps: 10, duration: 1s }
      layers:
        - { name: card, fill: "#C04020" }
      """
    let parent = """
      version: 1
      output: { file: out.mp4, size: 64x64, fps: 10, duration: 2s, segment: 1s }
      layers:
        - { name: bumper, project: parts/bumper.yaml }
      """
    try child.write(toFile: folder.path("parts/bumper.yaml"), atomically: true, encoding: .utf8)
    try parent.write(toFile: folder.path("p.yaml"), atomically: true, encoding: .utf8)
    let session = ProjectSession.open(path: folder.path("p.yaml"), overrides: [])
    return try #require(session.plan, "\(session.diagnostics)")
  }

  @Test("a run decodes to the plan it was made with, each composition's folder included")
  func roundTrip() throws {
    try withScratchFolder { folder in
      let plan = try Self.plan(in: folder)
      try #require(plan.compositions.count == 1)
      #expect(plan.compositions[0].plan.directory.hasSuffix("/parts"))
      let jobs = [
        SegmentJob(
          index: 1, frames: FrameRange(first: 10, end: 20),
          digest: String(repeating: "a", count: 64))
      ]
      let run = SegmentRun(plan: plan, output: folder.path("out.mp4"), jobs: jobs)
      let data = try JSONEncoder().encode(run)
      let decoded = try JSONDecoder().decode(SegmentRun.self, from: data)
      #expect(decoded.plan == plan)
      #expect(decoded.output == folder.path("out.mp4"))
      #expect(decoded.jobs.map(\.index) == [1])
      // The plan's own JSON leaves the folders out: without them it would resolve elsewhere.
      let bare = try JSONDecoder().decode(RenderPlan.self, from: JSONEncoder().encode(plan))
      #expect(bare != plan)
      #expect(bare.compositions[0].plan.directory == "")
    }
  }

  @Test("folders that are not the plan's are refused, not applied to the wrong composition")
  func mismatchedFolders() throws {
    try withScratchFolder { folder in
      let plan = try Self.plan(in: folder)
      var object = try #require(
        JSONSerialization.jsonObject(
          with: JSONEncoder().encode(SegmentRun(plan: plan, output: "out.mp4", jobs: [])))
          as? [String: Any])
      object["folders"] = ["directory": "/elsewhere", "compositions": []]
      let data = try JSONSerialization.data(withJSONObject: object)
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(SegmentRun.self, from: data)
      }
    }
  }
}

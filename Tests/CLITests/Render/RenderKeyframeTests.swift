import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Keyframed boxes, opacity and rotation, and percentage boxes, measured on decoded frames by
/// an independent judge (`MotionMeasurement`): positions on every frame against the formulas.
@Suite(
  "Render keyframes: motion with every easing, opacity, rotation, percent boxes", .tags(.endToEnd))
struct RenderKeyframeTests {
  /// One white 24×16 box per band, sliding x 8 → 200 with `ease` (the `hold` band jumps), a
  /// band starting late to check the layer's own clock, and two fading squares.
  static let easings = ["linear", "in", "out", "in_out", "[0.34, 1.56, 0.64, 1]"]

  static func slide(_ index: Int, ease: String, start: Double) -> (
    yaml: String, check: [String: Any]
  ) {
    let y = 4 + 24 * index
    let yaml = """
        - name: slide\(index)
          fill: "#FFFFFF"
          start: \(start)s
          box:
            - { at: 100ms, value: [8, \(y), 24, 16], ease: \(ease) }
            - { at: 0.8s, value: [200, \(y), 24, 16] }
      """
    let check: [String: Any] = [
      "kind": "move", "rows": [y - 2, y + 18], "size": [24, 16], "start": start,
      "keyframes": [
        MotionMeasurement.keyframe(0.1, 8, ease), MotionMeasurement.keyframe(0.8, 200, "linear"),
      ],
    ]
    return (yaml, check)
  }

  @Test(
    "a moving box is where each easing puts it on every frame (±1 px); hold jumps on its frame; opacity follows its keyframes"
  )
  func easingsOnEveryFrame() throws {
    try withScratchFolder { folder in
      var layers: [String] = []
      var checks: [[String: Any]] = []
      for (index, ease) in Self.easings.enumerated() {
        // The `in` band starts 0.2 s late: its keyframes are on its own clock.
        let slide = Self.slide(index, ease: ease, start: ease == "in" ? 0.2 : 0)
        layers.append(slide.yaml)
        checks.append(slide.check)
      }
      layers.append(
        """
          - name: jump
            fill: "#FFFFFF"
            box:
              - { at: 0, value: [8, 124, 24, 16], ease: hold }
              - { at: 15f, value: [150, 124, 24, 16], ease: hold }
              - { at: 0.8s, value: [250, 124, 24, 16] }
          - name: fade
            fill: "#FFFFFF"
            box: [8, 150, 60, 26]
            opacity: [ { at: 0.1s, value: 0, ease: in_out }, { at: 0.7s, value: 1 } ]
          - name: blink
            fill: "#FFFFFF"
            box: [100, 150, 60, 26]
            opacity: [ { at: 0, value: 1 }, { at: 0.5s, value: 0.25 } ]
        """)
      checks.append([
        "kind": "move", "rows": [122, 142], "size": [24, 16], "start": 0,
        "keyframes": [
          MotionMeasurement.keyframe(0, 8, "hold"), MotionMeasurement.keyframe(0.5, 150, "hold"),
          MotionMeasurement.keyframe(0.8, 250, "linear"),
        ],
      ])
      checks.append([
        "kind": "opacity", "rect": [10, 152, 56, 22], "start": 0,
        "keyframes": [
          MotionMeasurement.keyframe(0.1, 0, "in_out"),
          MotionMeasurement.keyframe(0.7, 1, "linear"),
        ],
      ])
      checks.append([
        "kind": "opacity", "rect": [102, 152, 56, 22], "start": 0,
        "keyframes": [
          MotionMeasurement.keyframe(0, 1, "linear"),
          MotionMeasurement.keyframe(0.5, 0.25, "linear"),
        ],
      ])
      let yaml = Self.project(size: "320x180", layers: layers.joined(separator: "\n"))
      let movie = try PictureProject.render(yaml, in: folder)
      let run = try MotionMeasurement.measure(
        movie, width: 320, height: 180, fps: 30, frames: 30, checks: checks, in: folder)
      #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
      #expect(run.stdout.contains("\(checks.count) passed, 0 failed"), "\(run.stdout)")
    }
  }

  @Test("rotation turns the layer clockwise about its box's centre, by the keyframed angle (±1°)")
  func rotation() throws {
    try withScratchFolder { folder in
      let yaml = Self.project(
        size: "320x180",
        layers: """
            - name: bar
              fill: "#FFFFFF"
              box: [100, 70, 120, 40]
              rotation: [ { at: 0, value: -30, ease: in_out }, { at: 0.9s, value: 60 } ]
          """)
      let movie = try PictureProject.render(yaml, in: folder)
      let run = try MotionMeasurement.measure(
        movie, width: 320, height: 180, fps: 30, frames: 30,
        checks: [
          [
            "kind": "rotation", "centre": [160, 90], "start": 0,
            "keyframes": [
              MotionMeasurement.keyframe(0, -30, "in_out"),
              MotionMeasurement.keyframe(0.9, 60, "linear"),
            ],
          ]
        ], in: folder)
      #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }
  }

  @Test("percent boxes resolve to the pixel, and one template renders two frame sizes")
  func percentBoxes() throws {
    try withScratchFolder { folder in
      let yaml = """
        version: 1
        variables: { size: 320x180 }
        output:
          file: out.mp4
          size: "{{size}}"
          fps: 30
          duration: 2f
          video: { crf: 0, preset: ultrafast }
        layers:
          - { name: band, fill: "#FFFFFF", box: ["12.5%", "50%", "50%", "25%"] }
        """
      try yaml.write(
        to: folder.url.appendingPathComponent("project.yaml"), atomically: true, encoding: .utf8)
      for (size, rect) in [("320x180", [40, 90, 160, 45]), ("160x288", [20, 144, 80, 72])] {
        let render = try ChromakeBinary.run(
          ["render", "project.yaml", "--set", "size=\(size)", "--progress", "none"],
          in: folder.url)
        try #require(render.status == 0, "\(render.stderr)")
        let dims = size.split(separator: "x").map { Int($0)! }
        let run = try MotionMeasurement.measure(
          folder.path("out.mp4"), width: dims[0], height: dims[1], fps: 30, frames: 2,
          checks: [["kind": "rect", "frame": 1, "rect": rect]], in: folder)
        #expect(run.status == 0, "\(size): \(run.stdout)\(run.stderr)")
      }
    }
  }

  static func project(size: String, layers: String) -> String {
    """
    version: 1
    output:
      file: out.mp4
      size: \(size)
      fps: 30
      duration: 1s
      video: { crf: 0, preset: ultrafast }
    layers:
    \(layers)
    """
  }
}

import PlanValues
import ProjectFixtures
import RenderPlan
import Testing
import Timeline

@Suite("A layer's state on each frame")
struct LayerStateTests {
  @Test("the state carries the planned box and the faded opacity, frame by frame")
  func fades() throws {
    let text = """
      version: 1
      output: {file: out/x.mp4, size: 640x360, fps: 10, duration: 2s}
      layers:
        - {name: band, fill: "#FF0000", box: [10, 20, 300, 40], opacity: 0.8, fade_in: 0.5s, fade_out: 1s}

      """
    let plan = try #require(Fixtures.run(text: text, as: "state.yaml").plan)
    let layer = try #require(plan.layers.first)
    let fps = plan.output.fps
    for k in layer.frames.first..<layer.frames.end {
      let state = layer.state(ofFrame: k, fps: fps)
      #expect(state.box == FrameRect(x: 10, y: 20, width: 300, height: 40))
      // Frame k is at k/10 s: up over the first 5 frames, down over the last 10.
      let t = Double(k) / 10
      let expected = 0.8 * min(1, t / 0.5, (2 - t) / 1)
      #expect(abs(state.opacity - expected) < 1e-12, "frame \(k)")
    }
    #expect(layer.state(ofFrame: 0, fps: fps).opacity == 0)
    #expect(layer.state(ofFrame: 7, fps: fps).opacity == 0.8)
  }
}

@Suite("A layer's keyframed state on each frame")
struct KeyframedLayerStateTests {
  @Test("box, opacity and rotation are sampled at k/fps - start on the layer's clock, with fades")
  func keyframes() throws {
    let text = """
      version: 1
      output: {file: out/x.mp4, size: 640x360, fps: 10, duration: 3s}
      layers:
        - name: band
          fill: "#FF0000"
          start: 0.5s
          fade_out: 1s
          box:
            - { at: 0, value: ["0%", 20, "50%", 40] }
            - { at: 10f, value: ["50%", 20, "50%", 40] }
          opacity: [ { at: 0, value: 0.2, ease: hold }, { at: 0.5s, value: 1 } ]
          rotation: [ { at: 0.2s, value: -90 }, { at: 1.2s, value: 90 } ]

      """
    let plan = try #require(Fixtures.run(text: text, as: "state.yaml").plan)
    let layer = try #require(plan.layers.first)
    let fps = plan.output.fps
    #expect(layer.frames == FrameRange(first: 5, end: 30))
    for k in layer.frames.first..<layer.frames.end {
      let state = layer.state(ofFrame: k, fps: fps)
      let local = Double(k) / 10 - 0.5
      let x = 320 * min(max(local / 1, 0), 1)
      #expect(abs(state.box.x - x) < 1e-9, "frame \(k)")
      #expect(state.box.y == 20 && state.box.width == 320 && state.box.height == 40)
      let angle = -90 + 180 * min(max((local - 0.2) / 1, 0), 1)
      #expect(abs(state.rotation - angle) < 1e-9, "frame \(k)")
      let fade = min(1, (3 - Double(k) / 10) / 1)
      let opacity = (local < 0.5 ? 0.2 : 1) * fade
      #expect(abs(state.opacity - opacity) < 1e-9, "frame \(k): \(state.opacity) vs \(opacity)")
    }
  }
}

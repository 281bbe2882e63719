import PlanValues
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

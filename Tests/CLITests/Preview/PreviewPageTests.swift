import EndToEndSupport
import Foundation
import TestSupport
import Testing

// The page of `chromake preview` in a real browser: the real command serves it, headless
// Chromium loads it, and its screenshots, decoded by the ffmpeg command, are judged. What the
// page says of itself (`window.chromakePreview`) is read through the DevTools protocol.
@Suite(
  "chromake preview's page in headless Chromium", .tags(.endToEnd), .serialized,
  .ownTimeLimit(.seconds(40)))
struct PreviewPageTests {
  /// A 2 s, 320x180 project: a fill of `color` over the frame and a title at its top left,
  /// away from the centre, where the colour is judged. Its line 9 is the fill.
  static func project(color: String, fillKey: String = "fill") -> String {
    """
    version: 1
    output:
      file: out.mp4
      size: 320x180
      fps: 30
      duration: 2s
    layers:
      - name: backdrop
        \(fillKey): "\(color)"
      - name: title
        text: Preview
        font: DejaVu Sans Bold 20
        color: "#FFFFFF"
        box: [8, 8, 160, 40]

    """
  }

  static let state = "JSON.stringify(window.chromakePreview || null)"

  @Test(
    "the page shows the frame (the project's colour at the picture's centre) and its layers, asks for nothing while idle, and scrubs with one request in flight"
  )
  func showsTheFrame() throws {
    try withScratchFolder { folder in
      try CLIMedia.project("project.yaml", Self.project(color: "#3060C0"), in: folder)
      let preview = try RunningPreview(["project.yaml"], in: folder.url)
      defer { preview.stop() }
      let browser = try HeadlessChromium()
      defer { browser.close() }
      try browser.navigate(to: preview.url)
      try browser.wait(
        until:
          "window.chromakePreview && chromakePreview.shownFrame === 0 && !chromakePreview.busy",
        seconds: 20, "the first frame is shown", describing: Self.state)
      try expectColor(at: browser, in: folder, red: 0x30, green: 0x60, blue: 0xC0)
      let names = try browser.evaluate(
        "[...document.querySelectorAll('#rows .row .name')].map(n => n.firstChild.textContent)")
      #expect(names as? [String] == ["backdrop", "title"])
      let readout = try browser.evaluate("document.getElementById('frameNumber').textContent")
      #expect(readout as? String == "frame 0 / 60")

      // Idle, the page asks for nothing: no polling (a second is many polls' worth).
      let asked = "performance.getEntriesByType('resource').map(e => e.name)"
      let before = try browser.evaluate(asked) as? [String] ?? []
      usleep(1_000_000)
      #expect(try browser.evaluate(asked) as? [String] ?? [] == before)

      // Scrubbing through every frame at once asks for the first one it moved to and then only
      // for the newest wanted when that came: one request in flight, none queued.
      try browser.evaluate("for (let k = 1; k < 60; k++) chromakePreview.seek(k)")
      try browser.wait(
        until: "chromakePreview.shownFrame === 59 && !chromakePreview.busy", seconds: 20,
        "the scrub ends on frame 59", describing: Self.state)
      let frames = try browser.evaluate(
        "\(asked).filter(n => n.includes('/frame?')).map(n => new URL(n).searchParams.get('f'))")
      #expect(frames as? [String] == ["0", "1", "59"])
    }
  }

  @Test(
    "a save shows the new frame at the same playhead without a reload; a typo shows its error, located, over the last good frame; the fix brings the frame back"
  )
  func followsEdits() throws {
    try withScratchFolder { folder in
      let file = folder.url.appendingPathComponent("project.yaml")
      try CLIMedia.project("project.yaml", Self.project(color: "#3060C0"), in: folder)
      let preview = try RunningPreview(["project.yaml"], in: folder.url)
      defer { preview.stop() }
      let browser = try HeadlessChromium()
      defer { browser.close() }
      try browser.navigate(to: preview.url)
      try browser.wait(
        until: "window.chromakePreview && chromakePreview.shownFrame === 0", seconds: 20,
        "the first frame is shown", describing: Self.state)
      let loadedAt = try browser.evaluate("chromakePreview.loadedAt") as? Double

      // The playhead, moved by the page's own API and by the arrow keys (Shift: one second).
      try browser.evaluate("chromakePreview.seek(10)")
      try browser.press(key: "ArrowRight", code: "ArrowRight", keyCode: 39, shift: true)
      try browser.press(key: "ArrowLeft", code: "ArrowLeft", keyCode: 37)
      try browser.wait(
        until: "chromakePreview.frame === 39 && chromakePreview.shownFrame === 39",
        seconds: 20, "frame 10, one second on, one frame back", describing: Self.state)
      let readout = try browser.evaluate(
        "document.getElementById('time').textContent + ' ' + document.getElementById('frameNumber').textContent"
      )
      #expect(readout as? String == "1.300 s frame 39 / 60")

      // An editor's save: a new file renamed over the old one.
      try browser.evaluate("chromakePreview.seek(44)")
      try browser.wait(
        until: "chromakePreview.shownFrame === 44 && !chromakePreview.busy", seconds: 20,
        "frame 44 is shown", describing: Self.state)
      let temporary = folder.url.appendingPathComponent(".project.yaml.swp")
      try Self.project(color: "#C04020").write(to: temporary, atomically: false, encoding: .utf8)
      #expect(rename(temporary.path, file.path) == 0)
      try waitForPlan(2, frame: 44, in: browser)
      try expectColor(at: browser, in: folder, red: 0xC0, green: 0x40, blue: 0x20)

      // A save in place: the same file truncated and written again.
      let handle = try FileHandle(forWritingTo: file)
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: Data(Self.project(color: "#20A040").utf8))
      try handle.close()
      try waitForPlan(3, frame: 44, in: browser)
      try expectColor(at: browser, in: folder, red: 0x20, green: 0xA0, blue: 0x40)

      // A typo: its errors over the last good frame, which stays where it was.
      try Self.project(color: "#20A040", fillKey: "fil").write(
        to: file, atomically: true, encoding: .utf8)
      try browser.wait(
        until: "chromakePreview.errors > 0 && !document.getElementById('problems').hidden",
        seconds: 20, "the typo's errors are shown", describing: Self.state)
      let shown = try browser.evaluate("document.getElementById('problemsText').textContent")
      let text = shown as? String ?? ""
      #expect(text.contains("project.yaml:9:5: error: unknown key 'fil'"), "\(text)")
      #expect(text.contains(##" 9 |     fil: "#20A040""##), "\(text)")
      #expect(text.contains("|     ^~~"), "\(text)")
      let kept = try browser.evaluate(
        "[chromakePreview.shownFrame, chromakePreview.planCounter, chromakePreview.frame]")
      #expect(kept as? [Int] == [44, 3, 44])

      // The fix: the errors go, and the frame of the new plan comes back at the same playhead.
      try Self.project(color: "#E0C020").write(to: file, atomically: true, encoding: .utf8)
      try waitForPlan(4, frame: 44, in: browser)
      try browser.wait(
        until: "chromakePreview.errors === 0 && document.getElementById('problems').hidden",
        seconds: 10, "the errors are gone", describing: Self.state)
      try expectColor(at: browser, in: folder, red: 0xE0, green: 0xC0, blue: 0x20)
      #expect(try browser.evaluate("chromakePreview.loadedAt") as? Double == loadedAt)
    }
  }

  @Test(
    "the page over Projects/ad-motion.yaml: every layer a row, its captions pages, a click on one, boxes; a screenshot (to $CHROMAKE_RECORD_SCREENSHOT when set)"
  )
  func screenshotOfTheAd() throws {
    try withScratchFolder { folder in
      try AdMotionCopy.make(in: folder)
      let preview = try RunningPreview(["ad-motion.yaml"], in: folder.url)
      defer { preview.stop() }
      let browser = try HeadlessChromium()
      defer { browser.close() }
      try browser.navigate(to: preview.url)
      try browser.wait(
        until: "window.chromakePreview && chromakePreview.timelinePlan === 1", seconds: 20,
        "the plan is on the timeline", describing: Self.state)
      // A click on the second caption's block on the timeline goes to its first frame.
      let block =
        try browser.evaluate(
          """
          (() => { const bar = document.querySelectorAll('#rows .bar.page')[1];
            const r = bar.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2, Number(bar.dataset.frame)]; })()
          """) as? [Double] ?? []
      try #require(block.count == 3)
      try browser.click(x: block[0], y: block[1])
      try browser.wait(
        until: "chromakePreview.frame === \(Int(block[2])) && chromakePreview.frame > 60",
        seconds: 10, "the click moves the playhead to the caption's first frame",
        describing: Self.state)

      // 3.5 s: the headline and the price are in, and the second caption shows.
      try browser.evaluate("chromakePreview.seek(105)")
      try browser.press(key: "b", code: "KeyB", keyCode: 66)
      try browser.wait(
        until: "chromakePreview.shownFrame === 105 && !chromakePreview.busy"
          + " && chromakePreview.boxesFrame === 105",
        seconds: 30, "frame 105 with its boxes", describing: Self.state)
      let names = try browser.evaluate(
        "[...document.querySelectorAll('#rows .row .name')].map(n => n.firstChild.textContent)")
      #expect(
        names as? [String]
          == ["plate", "presenter", "product", "band", "logo", "headline", "price", "captions"])
      // en.srt's two cues, each a block on the captions row.
      let pages = try browser.evaluate("document.querySelectorAll('#rows .bar.page').length")
      #expect(pages as? Int == 2)
      let labels =
        try browser.evaluate(
          "[...document.querySelectorAll('#boxes .box span')].map(s => s.textContent)") as? [String]
      #expect(
        Set(labels ?? []).isSuperset(of: ["headline", "price", "captions"]), "\(labels ?? [])")

      let screenshot = try PageScreenshot(of: browser, in: folder)
      #expect(screenshot.width == 1280 && screenshot.height == 900)
      if let path = ProcessInfo.processInfo.environment["CHROMAKE_RECORD_SCREENSHOT"] {
        try screenshot.png.write(to: URL(fileURLWithPath: path))
      }
    }
  }

  @Test("served off loopback (--host), the page carries the printed token on every request")
  func carriesTheToken() throws {
    try withScratchFolder { folder in
      try CLIMedia.project("project.yaml", Self.project(color: "#3060C0"), in: folder)
      let preview = try RunningPreview(["project.yaml", "--host", "0.0.0.0"], in: folder.url)
      defer { preview.stop() }
      let token = try #require(URLComponents(string: preview.url)?.queryItems?.first?.value)
      let port = try #require(URLComponents(string: preview.url)?.port)
      let browser = try HeadlessChromium()
      defer { browser.close() }
      try browser.navigate(to: "http://127.0.0.1:\(port)/?token=\(token)")
      try browser.wait(
        until: "window.chromakePreview && chromakePreview.shownFrame === 0"
          + " && chromakePreview.timelinePlan === 1 && !chromakePreview.busy",
        seconds: 20, "the page works with its token", describing: Self.state)
      try expectColor(at: browser, in: folder, red: 0x30, green: 0x60, blue: 0xC0)
      let asked =
        try browser.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        as? [String] ?? []
      #expect(asked.count >= 4, "\(asked)")
      #expect(asked.allSatisfy { $0.contains("token=\(token)") }, "\(asked)")
    }
  }

  /// Waits until the picture shown is frame `frame` of plan `counter` (or a later one) and no
  /// other is on its way.
  private func waitForPlan(_ counter: Int, frame: Int, in browser: HeadlessChromium) throws {
    try browser.wait(
      until: "chromakePreview.planCounter >= \(counter) && chromakePreview.shownFrame === \(frame)"
        + " && chromakePreview.frame === \(frame) && !chromakePreview.busy",
      seconds: 20, "plan \(counter)'s frame \(frame) is shown", describing: Self.state)
  }

  /// Expects the screenshot's colour at the centre of the shown picture to be the given one.
  private func expectColor(
    at browser: HeadlessChromium, in folder: ScratchFolder, red: Int, green: Int, blue: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let centre =
      try browser.evaluate(
        """
        (() => { const r = document.getElementById('frame').getBoundingClientRect();
          return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]; })()
        """) as? [Int]
    let screenshot = try PageScreenshot(of: browser, in: folder)
    guard let centre, centre.count == 2 else {
      Issue.record("no picture on the page", sourceLocation: sourceLocation)
      return
    }
    let seen = screenshot.mean(x: centre[0], y: centre[1])
    let expected = SIMD3(Double(red), Double(green), Double(blue))
    let worst = (seen - expected).replacing(with: expected - seen, where: seen .< expected).max()
    #expect(
      worst <= 3, "at \(centre): saw \(seen), expected \(expected)", sourceLocation: sourceLocation)
  }
}

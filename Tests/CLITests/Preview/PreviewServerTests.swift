import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `chromake preview`'s HTTP interface through a real client: the real command serving a real
/// project, its frames judged against `chromake frame` and decoded by the ffmpeg command.
@Suite("chromake preview over HTTP", .tags(.endToEnd), .ownTimeLimit(.seconds(120)))
struct PreviewServerTests {
  /// 320×180, 2 s at 30 fps: a fill, and a 64×64 picture from a file at (200, 50).
  static func project(fill: String = "#FF0000") -> String {
    """
    version: 1
    output:
      file: out.mp4
      size: 320x180
      fps: 30
      duration: 2s
    layers:
      - name: bg
        fill: "\(fill)"
      - name: logo
        image: logo.png
        box: [200, 50, 64, 64]

    """
  }

  /// Saves `text` at `path` as editors do: a new file renamed over the old one.
  static func save(_ text: String, at path: String) throws {
    let temporary = path + ".saving"
    try text.write(toFile: temporary, atomically: false, encoding: .utf8)
    guard rename(temporary, path) == 0 else { throw ToolFailure(description: "rename failed") }
  }

  /// A solid 64×64 PNG of `color` at `path`, renamed into place whole.
  static func logo(_ color: String, at path: String) throws {
    let temporary = path + ".making.png"
    try FFmpegCommand.ffmpeg([
      "-f", "lavfi", "-i", "color=c=\(color):s=64x64", "-frames:v", "1", temporary,
    ])
    guard rename(temporary, path) == 0 else { throw ToolFailure(description: "rename failed") }
  }

  /// The pixel at (x, y) of a PNG's bytes, decoded by the ffmpeg command.
  static func pixel(_ png: [UInt8], x: Int, y: Int, width: Int = 320, in folder: ScratchFolder)
    throws -> [Int]
  {
    let path = folder.path("frame-\(UUID().uuidString).png")
    try Data(png).write(to: URL(fileURLWithPath: path))
    let rgb = try RenderedMovie.rgb24(path, in: folder)
    let at = 3 * (y * width + x)
    return [Int(rgb[at]), Int(rgb[at + 1]), Int(rgb[at + 2])]
  }

  static func close(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }

  private func start(in folder: ScratchFolder, _ extra: [String] = []) throws -> RunningPreview {
    try Self.logo("blue", at: folder.path("logo.png"))
    try Self.save(Self.project(), at: folder.path("p.yaml"))
    return try RunningPreview(["p.yaml"] + extra, in: folder.url)
  }

  @Test("a full-size frame is chromake frame's PNG byte for byte, and the plan is plan --json's")
  func sameAsTheCommands() throws {
    try withScratchFolder { folder in
      let preview = try start(in: folder)
      let byFrame = try RawHTTP.get("/frame?f=30", port: preview.port)
      #expect(byFrame.status == 200, "\(byFrame.text)")
      #expect(byFrame.headers["content-type"] == "image/png")
      #expect(byFrame.headers["x-chromake-frame"] == "30")
      let made = try ChromakeBinary.run(
        ["frame", "p.yaml", "--at", "30f", "-o", "ref.png"], in: folder.url)
      #expect(made.status == 0, "\(made.stderr)")
      let reference = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("ref.png"))))
      #expect(byFrame.body == reference)
      // A time picks the frame showing then, as --at does: 1.01 s is frame 30.
      let byTime = try RawHTTP.get("/frame?t=1.01s", port: preview.port)
      #expect(byTime.headers["x-chromake-frame"] == "30")
      #expect(byTime.body == reference)

      let plan = try RawHTTP.get("/plan.json", port: preview.port)
      let printed = try ChromakeBinary.run(["plan", "p.yaml", "--json"], in: folder.url)
      #expect(plan.status == 200)
      #expect(plan.headers["content-type"] == "application/json")
      #expect(plan.text == printed.stdout)

      let small = try RawHTTP.get("/frame?f=30&width=160&format=jpeg", port: preview.port)
      #expect(small.status == 200)
      #expect(small.headers["content-type"] == "image/jpeg")
      let jpeg = folder.path("small.jpg")
      try Data(small.body).write(to: URL(fileURLWithPath: jpeg))
      #expect(try TestVideo.probe("width", of: jpeg) == "160")
      #expect(try TestVideo.probe("height", of: jpeg) == "90")
      // The logo's blue at its centre, the fill's red beside it, at a quarter of the size.
      let logo = try Self.pixel(small.body, x: 116, y: 41, width: 160, in: folder)
      let fill = try Self.pixel(small.body, x: 20, y: 20, width: 160, in: folder)
      #expect(logo[2] > 200 && logo[0] < 40, "\(logo)")
      #expect(fill[0] > 200 && fill[2] < 40, "\(fill)")

      let page = try RawHTTP.get("/", port: preview.port)
      #expect(page.status == 200)
      #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
      #expect(page.text.contains("page.js"))
    }
  }

  @Test("a save of the project or of an input is a new plan and new pixels, in place or renamed")
  func followsSaves() throws {
    try withScratchFolder { folder in
      let preview = try start(in: folder)
      let events = try PreviewEventFollower(port: preview.port)
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 1 }

      try Self.save(Self.project(fill: "#00FF00"), at: folder.path("p.yaml"))
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 2 }
      let green = try RawHTTP.get("/frame?f=15", port: preview.port)
      #expect(green.headers["x-chromake-plan"] == "2")
      #expect(Self.close(try Self.pixel(green.body, x: 20, y: 20, in: folder), [0, 255, 0]))

      // An input replaced: the picture the logo layer draws.
      try Self.logo("yellow", at: folder.path("logo.png"))
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 3 }
      let yellow = try RawHTTP.get("/frame?f=15", port: preview.port)
      #expect(Self.close(try Self.pixel(yellow.body, x: 232, y: 82, in: folder), [255, 255, 0]))

      // Written in place, as some editors and `>` do.
      try Self.project(fill: "#0000FF").write(
        toFile: folder.path("p.yaml"), atomically: false, encoding: .utf8)
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 4 }
      let blue = try RawHTTP.get("/frame?f=15", port: preview.port)
      #expect(Self.close(try Self.pixel(blue.body, x: 20, y: 20, in: folder), [0, 0, 255]))
      // A file beside the project that it does not read changes nothing.
      try "unrelated".write(toFile: folder.path("notes.txt"), atomically: true, encoding: .utf8)
      Thread.sleep(forTimeInterval: 0.3)
      #expect(events.received.filter { $0.name == "plan" }.count == 4)
    }
  }

  @Test("a save of a child project the project draws is followed too")
  func followsChildProjects() throws {
    try withScratchFolder { folder in
      func child(_ fill: String) -> String {
        """
        version: 1
        output: { file: child.mp4, size: 64x64, fps: 30, duration: 2s }
        layers:
          - { name: square, fill: "\(fill)" }

        """
      }
      try FileManager.default.createDirectory(
        atPath: folder.path("parts"), withIntermediateDirectories: true)
      try Self.save(child("#FF00FF"), at: folder.path("parts/child.yaml"))
      try Self.save(
        """
        version: 1
        output: { file: out.mp4, size: 320x180, fps: 30, duration: 2s }
        layers:
          - { name: bg, fill: "#000000" }
          - { name: part, project: parts/child.yaml, box: [200, 50, 64, 64] }

        """, at: folder.path("p.yaml"))
      let preview = try RunningPreview(["p.yaml"], in: folder.url)
      let events = try PreviewEventFollower(port: preview.port)
      let before = try RawHTTP.get("/frame?f=10", port: preview.port)
      #expect(Self.close(try Self.pixel(before.body, x: 232, y: 82, in: folder), [255, 0, 255]))
      try Self.save(child("#00FFFF"), at: folder.path("parts/child.yaml"))
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 2 }
      let after = try RawHTTP.get("/frame?f=10", port: preview.port)
      #expect(Self.close(try Self.pixel(after.body, x: 232, y: 82, in: folder), [0, 255, 255]))
    }
  }

  @Test("a broken save is located errors over the last good plan; the fix brings it back")
  func brokenSave() throws {
    try withScratchFolder { folder in
      let preview = try start(in: folder)
      let events = try PreviewEventFollower(port: preview.port)
      _ = try events.wait(for: "problems") { $0["attempt"] as? Int == 1 }
      // Line 9, column 11: the fill's value.
      try Self.save(Self.project(fill: "#GG0000"), at: folder.path("p.yaml"))
      let broken = try events.wait(for: "problems") { $0["attempt"] as? Int == 2 }
      #expect(broken.data["errors"] as? Int == 1)
      #expect(broken.data["counter"] as? Int == 1)
      let problem = (broken.data["diagnostics"] as? [[String: Any]])?.first ?? [:]
      #expect(problem["file"] as? String == "p.yaml")
      #expect(problem["line"] as? Int == 9)
      #expect(problem["column"] as? Int == 11)
      let text = problem["text"] as? String ?? ""
      #expect(text.contains("p.yaml:9:11: error:"), "\(text)")
      #expect(text.contains("fill: \"#GG0000\""), "\(text)")
      #expect(text.contains("^"), "\(text)")
      // The last good plan still draws.
      let kept = try RawHTTP.get("/frame?f=0", port: preview.port)
      #expect(kept.status == 200)
      #expect(kept.headers["x-chromake-plan"] == "1")
      #expect(Self.close(try Self.pixel(kept.body, x: 20, y: 20, in: folder), [255, 0, 0]))

      try Self.save(Self.project(fill: "#00FF00"), at: folder.path("p.yaml"))
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 2 }
      // While broken, any file finished beside the project is a reason to try again (the
      // frames this test decodes are written here), so the fix is the first attempt with no
      // errors after plan 2, whatever its number.
      let fixed = try events.wait(for: "problems") {
        $0["counter"] as? Int == 2 && $0["errors"] as? Int == 0
      }
      #expect((fixed.data["attempt"] as? Int ?? 0) >= 3)
      #expect(events.received.filter { $0.name == "plan" }.count == 2)
    }
  }

  @Test(
    "a video's frame after a save is chromake frame's, from its picture decoded before, and after the video is replaced"
  )
  func decodedPicturesReused() throws {
    try withScratchFolder { folder in
      func video(_ source: String) throws {
        try FFmpegCommand.ffmpeg([
          "-f", "lavfi", "-i", "\(source)=s=160x90:r=30:d=2", "-pix_fmt", "yuv420p", "-c:v",
          "libx264", "-g", "30", folder.path("v.tmp.mp4"),
        ])
        guard rename(folder.path("v.tmp.mp4"), folder.path("v.mp4")) == 0 else {
          throw ToolFailure(description: "rename failed")
        }
      }
      func project(_ fill: String) -> String {
        """
        version: 1
        output: { file: out.mp4, size: 320x180, fps: 30, duration: 2s }
        layers:
          - { name: bg, fill: "\(fill)" }
          - { name: clip, source: v.mp4, box: [0, 0, 160, 90] }

        """
      }
      func matches(_ counter: Int) throws {
        let served = try RawHTTP.get("/frame?f=47", port: preview.port)
        #expect(served.headers["x-chromake-plan"] == String(counter))
        let made = try ChromakeBinary.run(
          ["frame", "p.yaml", "--at", "47f", "-o", "ref.png"], in: folder.url)
        #expect(made.status == 0, "\(made.stderr)")
        let reference = try Data(contentsOf: URL(fileURLWithPath: folder.path("ref.png")))
        #expect(served.body == [UInt8](reference), "plan \(counter)")
      }
      try video("testsrc2")
      try Self.save(project("#FF0000"), at: folder.path("p.yaml"))
      let preview = try RunningPreview(["p.yaml"], in: folder.url)
      let events = try PreviewEventFollower(port: preview.port)
      try matches(1)
      try Self.save(project("#00FF00"), at: folder.path("p.yaml"))
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 2 }
      try matches(2)
      try video("testsrc")
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 3 }
      try matches(3)
    }
  }

  @Test("hostile requests are refused with 4xx, and the server goes on serving")
  func hostileRequests() throws {
    try withScratchFolder { folder in
      let preview = try start(in: folder)
      let port = preview.port
      let refused: [(target: String, host: String?, method: String, status: Int)] = [
        ("/plan.json", "evil.example:\(port)", "GET", 403),  // DNS rebinding
        ("/plan.json", "127.0.0.1:1", "GET", 403),  // another port
        ("/plan.json", "", "GET", 403),
        ("/frame?f=-1", nil, "GET", 400),
        ("/frame?f=abc", nil, "GET", 400),
        ("/frame?f=60", nil, "GET", 400),  // past the end (60 frames)
        ("/frame?f=99999999999999999999999", nil, "GET", 400),
        ("/frame?t=yesterday", nil, "GET", 400),
        ("/frame?t=-2s", nil, "GET", 400),
        ("/frame?f=1&t=1", nil, "GET", 400),
        ("/frame?f=1&f=2", nil, "GET", 400),
        ("/frame", nil, "GET", 400),
        ("/frame?f=1&width=0", nil, "GET", 400),
        ("/frame?f=1&width=15", nil, "GET", 400),
        ("/frame?f=1&width=321", nil, "GET", 400),
        ("/frame?f=1&format=gif", nil, "GET", 400),
        ("/frame?f=1&path=/etc/passwd", nil, "GET", 400),
        ("/frame?f=1&t=" + String(repeating: "9", count: 5000), nil, "GET", 400),
        ("/layout?f=x", nil, "GET", 400),
        ("/p.yaml", nil, "GET", 404),
        ("/logo.png", nil, "GET", 404),
        ("/../../../etc/passwd", nil, "GET", 404),
        ("/%2e%2e/%2e%2e/etc/passwd", nil, "GET", 404),
        ("/plan.json", nil, "POST", 405),
        ("/plan.json", nil, "DELETE", 405),
        ("/plan.json", nil, "HEAD", 405),
      ]
      for request in refused {
        let reply = try RawHTTP.get(
          request.target, port: port, host: request.host, method: request.method)
        #expect(
          reply.status == request.status,
          "\(request.method) \(request.target.prefix(60)): \(reply.text)")
        #expect(reply.headers["content-type"] == "application/json")
        let object = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: String]
        #expect(object?["error"]?.isEmpty == false)
      }
      // Not HTTP at all, a request line without a version, a header line of 16 KiB, a body
      // promised and never sent:
      // the connection may be closed, but the server lives.
      let garbage: [[UInt8]] = [
        Array(repeating: 0xFF, count: 4096),
        Array("GET /frame?f=1\r\n\r\n".utf8),
        Array("GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 1 << 14))\r\n\r\n".utf8),
        Array(
          "GET /plan.json HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 5\r\n\r\n".utf8),
      ]
      for bytes in garbage {
        if let reply = try RawHTTP.send(bytes, port: port, timeout: .seconds(20), halfClose: true) {
          #expect(reply.status >= 400 || reply.status == 200, "\(reply.status)")
        }
      }
      // Another site's page asking through the browser: the Host is the preview's own.
      for header in [
        "Origin: https://evil.example", "Sec-Fetch-Site: cross-site",
        "Origin: http://127.0.0.1:\(port + 1)",
      ] {
        let reply = try RawHTTP.get("/frame?f=1", port: port, headers: [header])
        #expect(reply.status == 403, "\(header): \(reply.text)")
      }
      let ownPage = try RawHTTP.get(
        "/plan.json", port: port,
        headers: ["Origin: http://127.0.0.1:\(port)", "Sec-Fetch-Site: same-origin"])
      #expect(ownPage.status == 200)
      #expect(preview.isRunning)
      let still = try RawHTTP.get("/frame?f=1", port: port)
      #expect(still.status == 200)
    }
  }

  @Test(
    "an input's folder deleted and made again is watched again; a missing input that appears is seen"
  )
  func foldersComeBack() throws {
    try withScratchFolder { folder in
      let media = folder.path("media")
      try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
      try Self.logo("blue", at: folder.path("media/logo.png"))
      try Self.save(
        Self.project().replacingOccurrences(of: "image: logo.png", with: "image: media/logo.png"),
        at: folder.path("p.yaml"))
      let preview = try RunningPreview(["p.yaml"], in: folder.url)
      let events = try PreviewEventFollower(port: preview.port)
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 1 }
      try FileManager.default.removeItem(atPath: media)
      let missing = try events.wait(for: "problems") { ($0["errors"] as? Int ?? 0) > 0 }
      #expect((missing.data["text"] as? String)?.contains("media/logo.png") == true)
      // The folder made again, with the picture in another colour.
      try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
      try Self.logo("yellow", at: folder.path("media/logo.png"))
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 2 }
      let yellow = try RawHTTP.get("/frame?f=15", port: preview.port)
      #expect(Self.close(try Self.pixel(yellow.body, x: 232, y: 82, in: folder), [255, 255, 0]))
      // And its saves are followed from then on.
      try Self.logo("white", at: folder.path("media/logo.png"))
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 3 }
      let white = try RawHTTP.get("/frame?f=15", port: preview.port)
      #expect(Self.close(try Self.pixel(white.body, x: 232, y: 82, in: folder), [255, 255, 255]))
    }
  }

  @Test("a flood of frame requests is answered busy past a few waiting, and the server goes on")
  func flood() throws {
    try withScratchFolder { folder in
      try Self.logo("blue", at: folder.path("logo.png"))
      try Self.save(
        Self.project().replacingOccurrences(of: "size: 320x180", with: "size: 1920x1080"),
        at: folder.path("p.yaml"))
      let preview = try RunningPreview(["p.yaml"], in: folder.url)
      // 30 different frames asked for at once, each on a connection of its own.
      let sockets = try (0..<30).map { k in
        let socket = try RawHTTP.connect(port: preview.port, timeout: .seconds(120))
        let request =
          "GET /frame?f=\(k) HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n"
          + "Connection: close\r\n\r\n"
        _ = Array(request.utf8).withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
        return socket
      }
      var statuses: [Int] = []
      for socket in sockets {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
          let n = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
          guard n > 0 else { break }
          received += buffer[0..<n]
        }
        Glibc.close(socket)
        let line = String(decoding: received.prefix(12), as: UTF8.self)
        statuses.append(Int(line.dropFirst(9).prefix(3)) ?? 0)
      }
      #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses)")
      #expect(statuses.contains(503), "\(statuses)")
      #expect(statuses.filter { $0 == 200 }.count >= 8, "\(statuses)")
      #expect(try RawHTTP.get("/frame?f=40", port: preview.port).status == 200)
    }
  }

  @Test("a port already in use is an error at once, naming the address")
  func portInUse() throws {
    try withScratchFolder { folder in
      let preview = try start(in: folder)
      let second = try ChromakeBinary.run(
        ["preview", "p.yaml", "--port", String(preview.port)], in: folder.url)
      #expect(second.status == 1)
      #expect(
        second.stderr.contains(
          "cannot listen on 127.0.0.1:\(preview.port): Address already in use"),
        "\(second.stderr)")
      #expect(second.stdout.isEmpty)
    }
  }

  @Test("off loopback every request needs the printed token")
  func token() throws {
    try withScratchFolder { folder in
      let preview = try start(in: folder, ["--host", "0.0.0.0"])
      let token = try #require(URLComponents(string: preview.url)?.queryItems?.first?.value)
      #expect(token.count == 32)
      #expect(try RawHTTP.get("/plan.json", port: preview.port).status == 403)
      // One character off is as wrong as none.
      let wrong = token.dropLast() + (token.last == "0" ? "1" : "0")
      #expect(try RawHTTP.get("/plan.json?token=\(wrong)", port: preview.port).status == 403)
      #expect(try RawHTTP.get("/plan.json?token=\(token)", port: preview.port).status == 200)
      #expect(try RawHTTP.get("/frame?f=3&token=\(token)", port: preview.port).status == 200)
      let events = try PreviewEventFollower(port: preview.port, token: token)
      _ = try events.wait(for: "plan")
    }
  }

  @Test("--data --row previews one row, and a save of the data file is followed")
  func dataRow() throws {
    try withScratchFolder { folder in
      try Self.logo("blue", at: folder.path("logo.png"))
      let text = Self.project(fill: "{{colour}}")
        .replacingOccurrences(
          of: "version: 1\n", with: "version: 1\nvariables: { colour: \"#000000\" }\n")
      try Self.save(text, at: folder.path("p.yaml"))
      try Self.save("colour\n#FF0000\n#00FF00\n", at: folder.path("rows.csv"))
      let preview = try RunningPreview(
        ["p.yaml", "--data", "rows.csv", "--row", "2"], in: folder.url)
      let events = try PreviewEventFollower(port: preview.port)
      let row2 = try RawHTTP.get("/frame?f=0", port: preview.port)
      #expect(Self.close(try Self.pixel(row2.body, x: 20, y: 20, in: folder), [0, 255, 0]))
      try Self.save("colour\n#FF0000\n#0000FF\n", at: folder.path("rows.csv"))
      _ = try events.wait(for: "plan") { $0["counter"] as? Int == 2 }
      let edited = try RawHTTP.get("/frame?f=0", port: preview.port)
      #expect(Self.close(try Self.pixel(edited.body, x: 20, y: 20, in: folder), [0, 0, 255]))
    }
  }
}

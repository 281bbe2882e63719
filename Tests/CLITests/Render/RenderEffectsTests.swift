import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Effects rendered as a user would, measured on the movie as the ffmpeg command decodes it:
/// a blurred edge's standard deviation from its 10–90 % rise, a shadow's place and colour,
/// rounded corners, and contain-blur's blurred bars beside a sharp picture.
@Suite("chromake render: effects", .tags(.endToEnd))
struct RenderEffectsTests {
  static let width = 640

  /// A 640×360 lossless movie, 10 fps, 1 s, over black: a white card whose blur is held at 4
  /// until 0.5 s and then 16; a white card casting a red shadow; a white square whose corners
  /// make it a circle; and striped footage in a wide box, `fit: contain-blur`.
  static let project = """
    version: 1
    output:
      file: out.mp4
      size: 640x360
      fps: 10
      duration: 1s
      video: { crf: 0, preset: ultrafast }
    layers:
      - name: edge
        fill: "#FFFFFF"
        box: [80, 20, 160, 150]
        blur: [ { at: 0, value: 4, ease: hold }, { at: 0.5s, value: 16 } ]
      - name: card
        fill: "#FFFFFF"
        box: [330, 30, 120, 80]
        shadow: { color: "#FF0000", offset: [30, 40], blur: 0 }
      - name: round
        fill: "#FFFFFF"
        box: [500, 20, 120, 120]
        corner_radius: "50%"
      - name: footage
        source: stripes.mp4
        box: [0, 200, 640, 160]
        fit: contain-blur
    """

  /// Renders the project and returns its frames `frames` as RGB rows.
  static func render(frames: [Int], in folder: ScratchFolder) throws -> [[UInt8]] {
    // 4:3 black and white stripes, 4 pixels wide: as sharp as a picture gets.
    try FFmpegCommand.ffmpeg([
      "-f", "lavfi", "-i", "color=c=black:s=320x240:r=10:d=1,format=yuv420p",
      "-vf", "geq=lum='16+219*mod(floor(X/4)\\,2)':cb=128:cr=128",
      "-c:v", "libx264", "-crf", "0", "-pix_fmt", "yuv420p", folder.path("stripes.mp4"),
    ])
    try project.write(toFile: folder.path("project.yaml"), atomically: true, encoding: .utf8)
    let run = try ChromakeBinary.run(
      ["render", "project.yaml", "--progress", "none"], in: folder.url)
    guard run.status == 0 else { throw ToolFailure(description: run.stderr) }
    return try frames.map { try RenderedMovie.rgb24(folder.path("out.mp4"), frame: $0, in: folder) }
  }

  /// The green channel (the frame is grey or red and white, so it is the brightness of grey)
  /// at (x, y).
  static func level(_ frame: [UInt8], _ x: Int, _ y: Int) -> Double {
    Double(frame[(y * width + x) * 3 + 1])
  }

  static func rgb(_ frame: [UInt8], _ x: Int, _ y: Int) -> [Int] {
    (0..<3).map { Int(frame[(y * width + x) * 3 + $0]) }
  }

  /// The standard deviation of the blur across the edge card's left edge on row `y`, from the
  /// distance between the points where the profile crosses 10 % and 90 % of the way from black
  /// to white (for a Gaussian, 2 × 1.2816 σ).
  static func measuredSigma(_ frame: [UInt8], y: Int) -> Double? {
    let low = level(frame, 10, y)
    let high = level(frame, 160, y)
    func crossing(_ fraction: Double) -> Double? {
      let target = low + (high - low) * fraction
      for x in 10..<160 {
        let a = level(frame, x, y)
        let b = level(frame, x + 1, y)
        if a < target, b >= target { return Double(x) + (target - a) / (b - a) }
      }
      return nil
    }
    guard let x10 = crossing(0.1), let x90 = crossing(0.9) else { return nil }
    return (x90 - x10) / (2 * 1.2816)
  }

  @Test("blur, shadow, corners and contain-blur, measured on the decoded movie")
  func measured() throws {
    try withScratchFolder { folder in
      let frames = try Self.render(frames: [2, 8], in: folder)
      // The blur, at both of its keyframed values, within 15 %; its edge blurs outward too.
      for (frame, sigma) in zip(frames, [4.0, 16.0]) {
        let measured = try #require(Self.measuredSigma(frame, y: 95))
        #expect(abs(measured - sigma) <= 0.15 * sigma, "σ \(sigma): measured \(measured)")
        #expect(Self.level(frame, 76, 95) > Self.level(frame, 10, 95) + 10, "blurred outward")
      }
      let frame = frames[0]
      // The shadow: red where it falls past the card, black beyond it, the card white on top.
      #expect(Self.rgb(frame, 470, 100).elementsEqual([255, 0, 0]) { abs($0 - $1) <= 3 })
      #expect(Self.rgb(frame, 400, 140).elementsEqual([255, 0, 0]) { abs($0 - $1) <= 3 })
      #expect(Self.rgb(frame, 345, 130).allSatisfy { $0 <= 3 }, "left of the shadow")
      #expect(Self.rgb(frame, 465, 50).allSatisfy { $0 <= 3 }, "above the shadow")
      #expect(Self.rgb(frame, 390, 70).allSatisfy { $0 >= 252 }, "the card over its shadow")
      // The corners: 50 % of a square's side makes a circle of radius 60 about (560, 80).
      #expect(Self.level(frame, 503, 23) <= 3, "the corner is cut away")
      #expect(Self.level(frame, 510, 30) <= 3, "outside the circle")
      #expect(Self.level(frame, 530, 50) >= 252, "inside the circle")
      #expect(Self.level(frame, 560, 22) >= 252, "the top of the circle")
      let edge = Self.level(frame, 517, 37)
      #expect(edge > 40 && edge < 210, "on the circle the edge is smooth: \(edge)")
      // contain-blur: the stripes sharp in the middle, the bars beside them the same stripes
      // blurred to grey (not the black background), the box's edges clean.
      func roughness(_ x0: Int, _ x1: Int) -> Double {
        var sum = 0.0
        for x in x0..<x1 { sum += abs(Self.level(frame, x + 1, 280) - Self.level(frame, x, 280)) }
        return sum / Double(x1 - x0)
      }
      #expect(roughness(260, 380) > 40, "the contained picture is sharp: \(roughness(260, 380))")
      #expect(roughness(40, 180) < 3, "the left bar is blurred: \(roughness(40, 180))")
      #expect(roughness(460, 600) < 3, "the right bar is blurred: \(roughness(460, 600))")
      for x in [60, 120, 520, 600] {
        let bar = Self.level(frame, x, 280)
        #expect(bar > 90 && bar < 170, "the bar at x \(x) is the stripes' grey: \(bar)")
      }
    }
  }

  /// Writes an `n`-point `.cube` table of `transform` (applied to each grid point's R′G′B′).
  static func writeCube(
    _ name: String, size n: Int = 17, in folder: ScratchFolder,
    _ transform: (SIMD3<Double>) -> SIMD3<Double>
  ) throws {
    var text = "TITLE \"\(name)\"\n# made by the test\nLUT_3D_SIZE \(n)\n"
    for b in 0..<n {
      for g in 0..<n {
        for r in 0..<n {
          let out = transform(SIMD3(Double(r), Double(g), Double(b)) / Double(n - 1))
          text += String(format: "%.6f %.6f %.6f\n", out.x, out.y, out.z)
        }
      }
    }
    try text.write(toFile: folder.path(name), atomically: true, encoding: .utf8)
  }

  @Test("a LUT: identity changes nothing, an inverting one inverts, lut_mix 0.5 of it is grey")
  func lookUpTables() throws {
    try withScratchFolder { folder in
      // A smooth full-frame picture (the layer the compositor would fuse without a look),
      // made in R′G′B′ so every colour lies inside the cube a table covers.
      try FFmpegCommand.ffmpeg([
        "-f", "lavfi", "-i", "color=c=black:s=320x240:r=10:d=0.5,format=gbrp",
        "-vf",
        "geq=r='30+X*0.6':g='200-Y*0.6':b='60+(X+Y)/4',"
          + "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
        "-c:v", "libx264", "-crf", "0", "-pix_fmt", "yuv420p", "-colorspace", "bt709",
        "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
        folder.path("plate.mp4"),
      ])
      try Self.writeCube("identity.cube", in: folder) { $0 }
      try Self.writeCube("invert.cube", size: 33, in: folder) { 1 - $0 }
      func render(_ look: String) throws -> [UInt8] {
        let yaml = """
          version: 1
          output:
            file: out.mp4
            size: 320x240
            fps: 10
            video: { crf: 0, preset: ultrafast }
          layers:
            - { name: plate, source: plate.mp4\(look) }
          """
        try yaml.write(toFile: folder.path("project.yaml"), atomically: true, encoding: .utf8)
        let run = try ChromakeBinary.run(
          ["render", "project.yaml", "--progress", "none"], in: folder.url)
        guard run.status == 0 else { throw ToolFailure(description: run.stderr) }
        return try RenderedMovie.rgb24(folder.path("out.mp4"), frame: 2, in: folder)
      }
      let plain = try render("")
      let identity = try render(", lut: identity.cube")
      let inverted = try render(", lut: invert.cube")
      let half = try render(", lut: invert.cube, lut_mix: 0.5")
      // Away from the frame's edges, where 4:2:0 chroma has neighbours on both sides.
      var worstIdentity = 0
      var worstInverted = 0
      var worstHalf = 0
      for y in stride(from: 8, to: 232, by: 4) {
        for x in stride(from: 8, to: 312, by: 4) {
          for c in 0..<3 {
            let i = (y * 320 + x) * 3 + c
            let original = Int(plain[i])
            worstIdentity = max(worstIdentity, abs(Int(identity[i]) - original))
            worstInverted = max(worstInverted, abs(Int(inverted[i]) - (255 - original)))
            worstHalf = max(worstHalf, abs(Int(half[i]) - 128))
          }
        }
      }
      #expect(worstIdentity <= 2, "identity: \(worstIdentity) codes at worst")
      #expect(worstInverted <= 4, "inverted: \(worstInverted) codes from 255 - original at worst")
      #expect(worstHalf <= 4, "half of the inversion: \(worstHalf) codes from grey at worst")
    }
  }

  @Test("a LUT file is an input: a changed table renders again, and deps lists it")
  func lookIsAnInput() throws {
    try withScratchFolder { folder in
      try Self.writeCube("look.cube", size: 2, in: folder) { $0 }
      let yaml = """
        version: 1
        output: { file: out.mp4, size: 64x64, fps: 10, duration: 0.3s }
        layers:
          - { name: card, fill: "#808080", lut: look.cube }
        """
      try yaml.write(toFile: folder.path("project.yaml"), atomically: true, encoding: .utf8)
      let first = try ChromakeBinary.run(
        ["render", "project.yaml", "--progress", "none"], in: folder.url)
      try #require(first.status == 0, "\(first.stderr)")
      let deps = try ChromakeBinary.run(["deps", "project.yaml"], in: folder.url)
      #expect(deps.stdout.contains("look.cube"), "\(deps.stdout)")
      try Self.writeCube("look.cube", size: 2, in: folder) { 1 - $0 }
      let again = try ChromakeBinary.run(
        ["render", "project.yaml", "--progress", "none", "--explain"], in: folder.url)
      #expect(again.status == 0)
      #expect(again.stderr.contains("look.cube"), "\(again.stderr)")
      #expect(!again.stderr.contains("up to date"), "\(again.stderr)")
    }
  }
}

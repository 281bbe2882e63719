import Foundation
import TestSupport

// Support for the end-to-end picture tests: exact test pictures written as raw planes and
// encoded losslessly by the ffmpeg command, the Y′CbCr formulas their expected values come
// from (written here from docs/ARCHITECTURE.md and BT.601/BT.709, independently of the renderer),
// and the rendered movie's planes decoded back by the ffmpeg command without any conversion.

/// A Y′CbCr coding: a matrix's luma weights, a range and a bit depth.
public struct YCbCrCoding: CustomStringConvertible, Sendable {
  public enum Matrix: String, Sendable {
    case bt601
    case bt709
  }

  public var matrix: Matrix
  public var fullRange: Bool
  public var bitDepth: Int

  public init(matrix: Matrix, fullRange: Bool, bitDepth: Int = 8) {
    (self.matrix, self.fullRange, self.bitDepth) = (matrix, fullRange, bitDepth)
  }

  /// The coding every rendered movie has: 8-bit BT.709, limited range.
  public static let output = YCbCrCoding(matrix: .bt709, fullRange: false)

  public var description: String {
    "\(matrix.rawValue) \(fullRange ? "full" : "limited") \(bitDepth)-bit"
  }

  public var kr: Double { matrix == .bt601 ? 0.299 : 0.2126 }
  public var kb: Double { matrix == .bt601 ? 0.114 : 0.0722 }
  public var kg: Double { 1 - kr - kb }
  public var maxCode: Int { (1 << bitDepth) - 1 }

  /// code = value · scale + offset, for Y′ (0…1) and for Cb, Cr (−0.5…0.5).
  private var lumaScale: Double {
    fullRange ? Double(maxCode) : 219 * Double(1 << (bitDepth - 8))
  }
  private var lumaOffset: Double { fullRange ? 0 : 16 * Double(1 << (bitDepth - 8)) }
  private var chromaScale: Double {
    fullRange ? Double(maxCode) : 224 * Double(1 << (bitDepth - 8))
  }
  private var chromaOffset: Double { Double(1 << (bitDepth - 1)) }

  /// The unrounded (Y′, Cb, Cr) codes of an R′G′B′ colour (0…1).
  public func codes(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    let y = kr * rgb.x + kg * rgb.y + kb * rgb.z
    let cb = (rgb.z - y) / (2 * (1 - kb))
    let cr = (rgb.x - y) / (2 * (1 - kr))
    return SIMD3(
      y * lumaScale + lumaOffset, cb * chromaScale + chromaOffset, cr * chromaScale + chromaOffset)
  }

  /// The codes a file stores for `rgb`: rounded and kept within the sample's bits.
  public func stored(_ rgb: SIMD3<Double>) -> SIMD3<Int> {
    let value = codes(rgb)
    return SIMD3(quantize(value.x), quantize(value.y), quantize(value.z))
  }

  private func quantize(_ value: Double) -> Int {
    min(max(Int(value.rounded()), 0), maxCode)
  }

  /// The R′G′B′ (clamped to 0…1, as any conversion to RGB clamps) that `codes` stand for.
  public func rgb(_ codes: SIMD3<Double>) -> SIMD3<Double> {
    let y = (codes.x - lumaOffset) / lumaScale
    let cb = (codes.y - chromaOffset) / chromaScale
    let cr = (codes.z - chromaOffset) / chromaScale
    let r = y + 2 * (1 - kr) * cr
    let b = y + 2 * (1 - kb) * cb
    let g = (y - kr * r - kb * b) / kg
    return SIMD3(r, g, b).clamped(lowerBound: .zero, upperBound: .one)
  }

  /// The R′G′B′ a decoder recovers from a file that stores `rgb` in this coding.
  public func decoded(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    let value = stored(rgb)
    return self.rgb(SIMD3(Double(value.x), Double(value.y), Double(value.z)))
  }
}

/// BT.709's (Cb, Cr) of an R′G′B′ colour, as the keying maths in docs/ARCHITECTURE.md defines it.
public func keyChroma(_ rgb: SIMD3<Double>) -> SIMD2<Double> {
  let (kr, kb) = (0.2126, 0.0722)
  let y = kr * rgb.x + (1 - kr - kb) * rgb.y + kb * rgb.z
  return SIMD2((rgb.z - y) / (2 * (1 - kb)), (rgb.x - y) / (2 * (1 - kr)))
}

/// The distance in BT.709's CbCr plane between two R′G′B′ colours.
public func chromaDistance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
  let d = keyChroma(a) - keyChroma(b)
  return (d * d).sum().squareRoot()
}

/// An R′G′B′ colour from `#RRGGBB`-style bytes.
public func rgb8(_ red: Int, _ green: Int, _ blue: Int) -> SIMD3<Double> {
  SIMD3(Double(red), Double(green), Double(blue)) / 255
}

/// A rectangle of pixels: x, y, width, height.
public struct PixelRect: CustomStringConvertible, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
  }

  public var description: String { "[\(x), \(y), \(width)×\(height)]" }

  /// The rectangle shrunk by `margin` on every side, away from edges where chroma
  /// subsampling and filtering blend neighbours.
  public func inset(_ margin: Int) -> PixelRect {
    PixelRect(x: x + margin, y: y + margin, width: width - 2 * margin, height: height - 2 * margin)
  }

  public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < x + width && py >= y && py < y + height
  }
}

/// A test picture: the R′G′B′ colour of every pixel.
public struct TestPicture {
  public var width: Int
  public var height: Int
  public var color: (_ x: Int, _ y: Int) -> SIMD3<Double>

  public init(width: Int, height: Int, color: @escaping (_ x: Int, _ y: Int) -> SIMD3<Double>) {
    (self.width, self.height, self.color) = (width, height, color)
  }

  /// One colour everywhere.
  public static func flat(width: Int, height: Int, _ color: SIMD3<Double>) -> TestPicture {
    TestPicture(width: width, height: height) { _, _ in color }
  }

  /// Rectangles of colour over a base colour; later rectangles win.
  public static func patches(
    width: Int, height: Int, base: SIMD3<Double> = .zero,
    _ patches: [(PixelRect, SIMD3<Double>)]
  ) -> TestPicture {
    TestPicture(width: width, height: height) { x, y in
      patches.last { $0.0.contains(x: x, y: y) }?.1 ?? base
    }
  }
}

/// A pixel format the tests write raw frames in, named as FFmpeg names it.
public enum RawFormat: String, CustomStringConvertible, Sendable {
  case yuv420p
  case yuv422p
  case yuv444p
  case nv12
  case yuv420p10le
  case yuv422p10le

  public var description: String { rawValue }

  public var bitDepth: Int { rawValue.contains("p10") ? 10 : 8 }

  /// log2 of the chroma subsampling, horizontally and vertically.
  public var chromaShift: (x: Int, y: Int) {
    switch self {
    case .yuv420p, .nv12, .yuv420p10le: (1, 1)
    case .yuv422p, .yuv422p10le: (1, 0)
    case .yuv444p: (0, 0)
    }
  }

  /// One frame's bytes: the Y plane, then Cb and Cr (interleaved for `nv12`). A subsampled
  /// chroma sample takes the colour of the first pixel it covers.
  public func frame(_ picture: TestPicture, coding: YCbCrCoding) -> Data {
    let (w, h) = (picture.width, picture.height)
    let (sx, sy) = chromaShift
    let (cw, ch) = ((w + (1 << sx) - 1) >> sx, (h + (1 << sy) - 1) >> sy)
    // Test pictures have few colours: code each once.
    var known: [SIMD3<Double>: SIMD3<Int>] = [:]
    func stored(_ x: Int, _ y: Int) -> SIMD3<Int> {
      let color = picture.color(x, y)
      if let codes = known[color] { return codes }
      let codes = coding.stored(color)
      known[color] = codes
      return codes
    }
    var luma: [Int] = []
    luma.reserveCapacity(w * h)
    for y in 0..<h {
      for x in 0..<w { luma.append(stored(x, y).x) }
    }
    var cb: [Int] = []
    var cr: [Int] = []
    for y in 0..<ch {
      for x in 0..<cw {
        let codes = stored(x << sx, y << sy)
        cb.append(codes.y)
        cr.append(codes.z)
      }
    }
    let chroma = self == .nv12 ? zip(cb, cr).flatMap { [$0, $1] } : cb + cr
    var bytes: [UInt8] = []
    bytes.reserveCapacity((luma.count + chroma.count) * (bitDepth > 8 ? 2 : 1))
    for sample in luma + chroma {
      if bitDepth > 8 {
        bytes += [UInt8(sample & 0xFF), UInt8(sample >> 8)]
      } else {
        bytes.append(UInt8(sample))
      }
    }
    return Data(bytes)
  }
}

/// How a test video is stored: H.264 through libx264 at `-qp 0` (lossless, also for 4:2:2,
/// 4:4:4 and 10-bit), or raw video in Matroska, which decodes to exactly the written samples in
/// any pixel format (`nv12` included).
public enum TestCodec: Sendable {
  case losslessH264
  case raw

  public var arguments: [String] {
    switch self {
    case .losslessH264: ["-c:v", "libx264", "-preset", "ultrafast", "-qp", "0"]
    case .raw: ["-c:v", "rawvideo"]
    }
  }

  public var fileExtension: String { self == .raw ? "mkv" : "mp4" }
}

/// Test videos: raw frames written here, encoded by the ffmpeg command with the colour tags
/// a camera would write.
public enum TestVideo {
  /// Writes `count` frames at `fps` (frame `n` is `picture(n)`) to `name` in `folder` and
  /// returns the file's name. With `tagged`, the stream says its matrix and range; otherwise
  /// it says nothing and readers must guess. `extra` goes before the output name.
  @discardableResult
  public static func write(
    _ name: String, in folder: ScratchFolder, count: Int = 5, fps: Int = 10,
    format: RawFormat = .yuv420p, coding: YCbCrCoding, tagged: Bool = true,
    codec: TestCodec = .losslessH264, extra: [String] = [],
    picture: (_ frame: Int) -> TestPicture
  ) throws -> String {
    let pictures = (0..<count).map(picture)
    let frames = pictures.map { format.frame($0, coding: coding) }
    return try encode(
      frames, width: pictures[0].width, height: pictures[0].height, as: name, in: folder,
      fps: fps, format: format, coding: coding, tagged: tagged, codec: codec, extra: extra)
  }

  /// Writes a still picture as a 0.3 s video (see `write`).
  @discardableResult
  public static func still(
    _ name: String, in folder: ScratchFolder, format: RawFormat = .yuv420p,
    coding: YCbCrCoding = YCbCrCoding(matrix: .bt709, fullRange: false), tagged: Bool = true,
    codec: TestCodec = .losslessH264, extra: [String] = [], _ picture: TestPicture
  ) throws -> String {
    let frame = format.frame(picture, coding: coding)
    return try encode(
      Array(repeating: frame, count: 3), width: picture.width, height: picture.height,
      as: name, in: folder, fps: 10, format: format, coding: coding, tagged: tagged,
      codec: codec, extra: extra)
  }

  private static func encode(
    _ frames: [Data], width: Int, height: Int, as name: String, in folder: ScratchFolder,
    fps: Int, format: RawFormat, coding: YCbCrCoding, tagged: Bool, codec: TestCodec,
    extra: [String]
  ) throws -> String {
    let rawPath = folder.path("\(name).raw")
    try frames.reduce(Data(), +).write(to: URL(fileURLWithPath: rawPath))
    defer { try? FileManager.default.removeItem(atPath: rawPath) }
    var tags: [String] = []
    if tagged {
      tags = [
        "-colorspace", coding.matrix == .bt601 ? "smpte170m" : "bt709",
        "-color_range", coding.fullRange ? "pc" : "tv",
      ]
    }
    try FFmpegCommand.ffmpeg(
      [
        "-f", "rawvideo", "-pix_fmt", format.rawValue, "-s", "\(width)x\(height)",
        "-r", "\(fps)", "-i", rawPath,
      ] + codec.arguments + ["-pix_fmt", format.rawValue] + tags + extra + [folder.path(name)])
    return name
  }

  /// One stream-level value ffprobe reports for the first video stream (`color_space`,
  /// `color_range`, `sample_aspect_ratio`, ...).
  public static func probe(_ entry: String, of path: String) throws -> String {
    try FFmpegCommand.ffprobe([
      "-select_streams", "v:0", "-show_entries", "stream=\(entry)", "-of",
      "default=noprint_wrappers=1:nokey=1", path,
    ]).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// One decoded frame of a rendered movie in its own 4:2:0 layout, read without conversion.
public struct YUVFrame: Sendable {
  public var width: Int
  public var height: Int
  public var luma: [UInt8]
  public var cb: [UInt8]
  public var cr: [UInt8]

  /// (Y′, Cb, Cr) of pixel (x, y); chroma from the sample that covers it.
  public func codes(x: Int, y: Int) -> SIMD3<Double> {
    let c = (y / 2) * (width / 2) + x / 2
    return SIMD3(Double(luma[y * width + x]), Double(cb[c]), Double(cr[c]))
  }

  /// The largest difference, in code values, between `expected` and any Y′ sample in `rect`
  /// or any Cb or Cr sample whose 2×2 pixels all lie in `rect`.
  public func worstDeviation(in rect: PixelRect, from expected: SIMD3<Double>) -> Double {
    var worst = 0.0
    for y in rect.y..<(rect.y + rect.height) {
      for x in rect.x..<(rect.x + rect.width) {
        worst = max(worst, abs(Double(luma[y * width + x]) - expected.x))
      }
    }
    for cy in ((rect.y + 1) / 2)..<((rect.y + rect.height) / 2) {
      for cx in ((rect.x + 1) / 2)..<((rect.x + rect.width) / 2) {
        let c = cy * (width / 2) + cx
        worst = max(worst, abs(Double(cb[c]) - expected.y), abs(Double(cr[c]) - expected.z))
      }
    }
    return worst
  }

  /// The mean (Y′, Cb, Cr) over `rect`.
  public func mean(in rect: PixelRect) -> SIMD3<Double> {
    var sum = SIMD3<Double>.zero
    for y in rect.y..<(rect.y + rect.height) {
      for x in rect.x..<(rect.x + rect.width) { sum += codes(x: x, y: y) }
    }
    return sum / Double(rect.width * rect.height)
  }
}

/// Reading what the renderer wrote.
public enum RenderedMovie {
  /// Every frame of the movie at `path`, decoded by the ffmpeg command as the 8-bit 4:2:0
  /// samples the file holds (the stream is yuv420p, so FFmpeg converts nothing).
  public static func frames(_ path: String, in folder: ScratchFolder) throws -> [YUVFrame] {
    let width = try Int(TestVideo.probe("width", of: path)) ?? 0
    let height = try Int(TestVideo.probe("height", of: path)) ?? 0
    let format = try TestVideo.probe("pix_fmt", of: path)
    guard format == "yuv420p", width > 0, height > 0 else {
      throw ToolFailure(
        description: "\(path): expected yuv420p, found \(format) \(width)x\(height)")
    }
    let raw = folder.path("decoded-\(UUID().uuidString).yuv")
    try FFmpegCommand.ffmpeg([
      "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "yuv420p", raw,
    ])
    defer { try? FileManager.default.removeItem(atPath: raw) }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    let (lumaSize, chromaSize) = (width * height, (width / 2) * (height / 2))
    let frameSize = lumaSize + 2 * chromaSize
    return stride(from: 0, to: bytes.count - frameSize + 1, by: frameSize).map { start in
      YUVFrame(
        width: width, height: height,
        luma: Array(bytes[start..<(start + lumaSize)]),
        cb: Array(bytes[(start + lumaSize)..<(start + lumaSize + chromaSize)]),
        cr: Array(bytes[(start + lumaSize + chromaSize)..<(start + frameSize)]))
    }
  }

  /// The picture at `path` (a movie frame or an image) as R′G′B′ bytes, converted by the
  /// ffmpeg command. Y′CbCr input is read as BT.709 limited range, the output's coding, so
  /// the conversion is known; `frame` picks a movie's frame.
  public static func rgb24(_ path: String, frame: Int = 0, in folder: ScratchFolder) throws
    -> [UInt8]
  {
    let raw = folder.path("rgb-\(UUID().uuidString).rgb")
    let filters = [
      "select=eq(n\\,\(frame))",
      "scale=in_color_matrix=bt709:in_range=tv:flags=accurate_rnd+full_chroma_int+bilinear",
    ]
    try FFmpegCommand.ffmpeg([
      "-i", path, "-vf", filters.joined(separator: ","), "-frames:v", "1", "-f", "rawvideo",
      "-pix_fmt", "rgb24", raw,
    ])
    defer { try? FileManager.default.removeItem(atPath: raw) }
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
  }
}

/// Writing and rendering test projects.
public enum PictureProject {
  /// A project writing `out.mp4` at 10 fps, losslessly (crf 0 is lossless for 8-bit 4:2:0 in
  /// libx264), so the movie holds exactly what the renderer composited. `layers` is the YAML
  /// of the list's items, each line indented by two spaces.
  public static func yaml(size: String, background: String = "#000000", layers: String) -> String {
    """
    version: 1
    output:
      file: out.mp4
      size: \(size)
      fps: 10
      background: "\(background)"
      video: { crf: 0, preset: ultrafast }
    layers:
    \(layers)
    """
  }

  /// Writes `yaml` as `project.yaml` in `folder`, renders it and returns the movie's path.
  public static func render(_ yaml: String, in folder: ScratchFolder) throws -> String {
    try yaml.write(
      to: folder.url.appendingPathComponent("project.yaml"), atomically: true, encoding: .utf8)
    let run = try ChromakeBinary.run(
      ["render", "project.yaml", "--progress", "none"], in: folder.url)
    guard run.status == 0 else {
      throw ToolFailure(
        description: "chromake render exited \(run.status):\n\(run.stderr)\n--- project:\n\(yaml)")
    }
    return folder.path("out.mp4")
  }

  /// Renders `yaml` and returns the movie's first frame.
  public static func firstFrame(_ yaml: String, in folder: ScratchFolder) throws -> YUVFrame {
    let frames = try RenderedMovie.frames(try render(yaml, in: folder), in: folder)
    guard let first = frames.first else {
      throw ToolFailure(description: "the rendered movie has no frames")
    }
    return first
  }
}

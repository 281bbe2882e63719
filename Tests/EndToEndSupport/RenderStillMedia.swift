import Foundation
import TestSupport
import Testing

// Support for the end-to-end tests of image, fill and text layers: still pictures written as
// exact RGBA bytes and encoded by the ffmpeg command, projects with an explicit duration (these
// layers have no natural end), and where a text layer's ink lands in a rendered frame.

/// An 8-bit R′G′B′A pixel, straight (not premultiplied) as PNG stores it.
public struct RGBA8: Hashable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
    (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
  }

  /// The colour without its alpha, 0…1.
  public var rgb: SIMD3<Double> { rgb8(Int(red), Int(green), Int(blue)) }
}

/// A still-picture file format and how the ffmpeg command writes it.
public enum StillFormat: String, CustomTestStringConvertible, Sendable {
  /// 8-bit RGBA PNG.
  case png
  /// 16-bit RGBA PNG.
  case png16
  /// A palette PNG whose transparency is a tRNS chunk: alpha is 0 or 255, cut at 64.
  case palettePNG
  /// Lossless WebP with alpha.
  case webp
  /// Baseline JPEG at the best quality, no chroma subsampling, no alpha.
  case jpeg

  public var testDescription: String { rawValue }

  public var fileExtension: String {
    switch self {
    case .png, .png16, .palettePNG: "png"
    case .webp: "webp"
    case .jpeg: "jpg"
    }
  }

  /// Whether alpha between 0 and 255 survives: a palette PNG's is cut to 0 or 255.
  public var keepsPartialAlpha: Bool { self != .palettePNG && self != .jpeg }

  /// The ffmpeg arguments between the raw RGBA input and the output's name.
  public var arguments: [String] {
    switch self {
    case .png: ["-pix_fmt", "rgba"]
    case .png16: ["-pix_fmt", "rgba64be"]
    case .palettePNG:
      [
        "-filter_complex",
        "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=64",
      ]
    case .webp: ["-c:v", "libwebp", "-lossless", "1"]
    case .jpeg: ["-c:v", "mjpeg", "-q:v", "1", "-qmin", "1", "-pix_fmt", "yuvj444p"]
    }
  }
}

/// Still pictures written by the ffmpeg command from raw pixels.
public enum StillMedia {
  /// Writes a `width`×`height` picture as `name` in `folder`, in `format` (8-bit RGBA PNG
  /// unless told), and returns the name.
  @discardableResult
  public static func write(
    _ name: String, in folder: ScratchFolder, width: Int, height: Int,
    as format: StillFormat = .png, _ pixel: (_ x: Int, _ y: Int) -> RGBA8
  ) throws -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let p = pixel(x, y)
        bytes += [p.red, p.green, p.blue, p.alpha]
      }
    }
    let raw = folder.path("\(name).rgba")
    try Data(bytes).write(to: URL(fileURLWithPath: raw))
    defer { try? FileManager.default.removeItem(atPath: raw) }
    try FFmpegCommand.ffmpeg(
      ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-i", raw]
        + format.arguments + ["-frames:v", "1", folder.path(name)])
    return name
  }
}

/// Projects for still layers: like `PictureProject`, lossless at 10 fps, with a duration.
public enum StillProject {
  /// A project writing `out.mp4`; `duration` is written only when given. `layers` is the YAML
  /// of the list's items, each line indented by two spaces.
  public static func yaml(
    size: String, background: String = "#000000", duration: String? = nil, layers: String
  ) -> String {
    """
    version: 1
    output:
      file: out.mp4
      size: \(size)
      fps: 10
      background: "\(background)"
      video: { crf: 0, preset: ultrafast }
    """ + (duration.map { "\n  duration: \($0)" } ?? "") + "\nlayers:\n\(layers)\n"
  }

  /// Writes `yaml` as `project.yaml` in `folder` and runs `chromake command project.yaml`.
  public static func run(
    _ command: String, _ yaml: String, in folder: ScratchFolder, extra: [String] = []
  ) throws -> ToolRun {
    try yaml.write(
      to: folder.url.appendingPathComponent("project.yaml"), atomically: true, encoding: .utf8)
    let progress = command == "render" ? ["--progress", "none"] : []
    return try ChromakeBinary.run([command, "project.yaml"] + progress + extra, in: folder.url)
  }

  /// Renders `yaml` and returns every frame of the movie.
  public static func frames(
    _ yaml: String, in folder: ScratchFolder, extra: [String] = []
  ) throws -> [YUVFrame] {
    let run = try run("render", yaml, in: folder, extra: extra)
    guard run.status == 0 else {
      throw ToolFailure(
        description: "chromake render exited \(run.status):\n\(run.stderr)\n--- project:\n\(yaml)")
    }
    return try RenderedMovie.frames(folder.path("out.mp4"), in: folder)
  }

  /// The 1-based line of the first line of `yaml` that contains `text`, and the 1-based
  /// column where `text` starts on it: where a diagnostic about that value must point.
  public static func position(of text: String, in yaml: String) -> (line: Int, column: Int)? {
    for (index, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if let range = line.range(of: text) {
        return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
      }
    }
    return nil
  }
}

/// Where a frame shows ink: pixels whose luma differs from the plate's by more than a
/// threshold.
public struct Ink: CustomStringConvertible, Sendable {
  /// The smallest rectangle holding every ink pixel; `nil` when there is none.
  public var bounds: PixelRect?
  /// How many pixels are ink.
  public var count: Int
  /// The rows that hold ink, in order.
  public var rows: [Int]

  /// The ink of the whole of `frame`.
  public init(in frame: YUVFrame, plateLuma: Double, threshold: Double = 40) {
    var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
    var count = 0
    var rows: [Int] = []
    for y in 0..<frame.height {
      var rowHasInk = false
      for x in 0..<frame.width
      where abs(Double(frame.luma[y * frame.width + x]) - plateLuma) > threshold {
        count += 1
        rowHasInk = true
        (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
      }
      if rowHasInk { rows.append(y) }
    }
    self.count = count
    self.rows = rows
    bounds =
      count == 0
      ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }

  /// The first row of each run of inked rows: where each line of text's ink begins, roughly.
  public var rowRunStarts: [Int] {
    zip([Int.min] + rows, rows).filter { $1 > $0 + 1 }.map(\.1)
  }

  /// How many separate runs of inked rows there are: lines of text, roughly.
  public var rowRuns: Int { rowRunStarts.count }

  public var description: String {
    "\(count) ink pixels in \(bounds.map(String.init(describing:)) ?? "nowhere"), "
      + "\(rowRuns) row runs"
  }

  /// Whether every ink pixel lies inside `rect`.
  public func isInside(_ rect: PixelRect) -> Bool {
    guard let b = bounds else { return true }
    return b.x >= rect.x && b.y >= rect.y && b.x + b.width <= rect.x + rect.width
      && b.y + b.height <= rect.y + rect.height
  }
}

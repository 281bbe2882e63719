import Foundation
import PlanValues
import RenderPlan
import Timeline

/// One frame a client asked for, checked against the plan: which frame, how wide, in which
/// format. Built from `/frame`'s query; a bad value is the reason the request is refused.
struct FrameRequest: Sendable, Hashable {
  /// The output frame.
  var frame: Int64
  /// The picture's size: the output's, or smaller with its aspect ratio.
  var width: Int
  var height: Int
  /// PNG (exact, alpha kept where the output keeps it) or JPEG (small, for playback).
  var format: PosterFormat

  /// The largest query a client sends: anything longer is not one of ours.
  static let longestValue = 64

  /// The request `query` (name → value) makes of `plan`'s output, or why there is none.
  static func parse(_ query: [String: String], output: OutputPlan) -> Result<FrameRequest, Refusal>
  {
    for (name, value) in query where value.utf8.count > longestValue {
      return .failure(Refusal("\(name) is longer than \(longestValue) characters"))
    }
    let frame: Int64
    switch (query["f"], query["t"]) {
    case (let f?, nil):
      guard let k = Int64(f), k >= 0 else {
        return .failure(Refusal("f=\(f): a frame number is a whole number from 0"))
      }
      frame = k
    case (nil, let t?):
      switch TimeParser.parse(t) {
      case .failure(let error): return .failure(Refusal("t=\(t): \(error.message)"))
      // The frame showing at a time, as `chromake frame --at` finds it.
      case .success(.frames(let k)): frame = k
      case .success(.seconds(let seconds)): frame = (seconds * output.fps).floor
      }
    case (nil, nil): return .failure(Refusal("give the frame as f=FRAME or t=TIME"))
    case (_?, _?): return .failure(Refusal("give f or t, not both"))
    }
    guard frame < output.frameCount else {
      return .failure(
        Refusal(
          "frame \(frame) is past the end: the output has \(output.frameCount) frames "
            + "(0 to \(output.frameCount - 1))"))
    }
    var width = output.width
    if let text = query["width"] {
      // Below 16 pixels the scaler averages badly, and no page shows a frame that small.
      let least = min(16, output.width)
      guard let w = Int(text), w >= least, w <= output.width else {
        return .failure(
          Refusal("width=\(text): from \(least) to the output's width, \(output.width)"))
      }
      width = w
    }
    // The height keeps the aspect ratio, rounded, and is at least a pixel.
    let height =
      width == output.width
      ? output.height
      : max(1, Int((Double(output.height * width) / Double(output.width)).rounded()))
    var format = PosterFormat.png
    if let text = query["format"] {
      guard let chosen = PosterFormat(rawValue: text), chosen != .webp else {
        return .failure(Refusal("format=\(text): png or jpeg"))
      }
      format = chosen
    }
    return .success(FrameRequest(frame: frame, width: width, height: height, format: format))
  }
}

/// Why a request is refused: a sentence for the client.
struct Refusal: Error, Sendable {
  var message: String
  init(_ message: String) { self.message = message }
}

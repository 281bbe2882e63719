/// The text of one progress line, without the `\r` or newline around it.
enum ProgressFormat {
  /// The bar's width in characters for an output of `frameCount` frames: as wide as fits in 80
  /// columns (79, so the cursor never wraps) beside the longest likely text, at most 30.
  static func barWidth(frameCount: Int64) -> Int {
    let digits = String(max(0, frameCount)).count
    let widest = 2 * digits + "  / frames  9999.9 fps  99:59:59 left".count
    return max(10, min(30, 79 - 2 - widest))
  }

  /// `[############------------------]  123/300 frames  45.2 fps  0:04 left`.
  ///
  /// The frame count is padded to the total's width so the line does not jump as digits are
  /// added; a finished, complete render shows its total time instead of the time left.
  static func bar(_ snapshot: ProgressSnapshot, width: Int, finished: Bool) -> String {
    let filled = snapshot.isComplete ? width : Int(snapshot.fraction * Double(width))
    let total = String(snapshot.frameCount)
    let done = String(snapshot.framesDone)
    let padding = String(repeating: " ", count: max(0, total.count - done.count))
    let time: String
    if finished && snapshot.isComplete {
      time = "done in \(clock(snapshot.elapsedSeconds))"
    } else if let left = snapshot.secondsLeft {
      time = "\(clock(left)) left"
    } else {
      time = "-:-- left"
    }
    return "[" + String(repeating: "#", count: filled)
      + String(repeating: "-", count: width - filled) + "]"
      + "  \(padding)\(done)/\(total) frames  \(decimal(snapshot.framesPerSecond)) fps  \(time)"
  }

  /// `{"frame":123,"frames":300,"fps":45.2,"seconds_left":3.9,"elapsed":2.7,"done":false}`,
  /// with `seconds_left` null until there is an estimate.
  static func json(_ snapshot: ProgressSnapshot, done: Bool) -> String {
    let left = snapshot.secondsLeft.map(decimal) ?? "null"
    return "{\"frame\":\(snapshot.framesDone),\"frames\":\(snapshot.frameCount),"
      + "\"fps\":\(decimal(snapshot.framesPerSecond)),\"seconds_left\":\(left),"
      + "\"elapsed\":\(decimal(snapshot.elapsedSeconds)),\"done\":\(done)}"
  }

  /// `m:ss` below an hour, `h:mm:ss` above, rounded up so `0:00` means nothing is left.
  static func clock(_ seconds: Double) -> String {
    let whole = Int64(min(max(0, seconds), 1e9).rounded(.up))
    let (hours, minutes, secs) = (whole / 3600, whole / 60 % 60, whole % 60)
    let twoDigits = { (value: Int64) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
  }

  /// One decimal, always with a point and never an exponent: valid JSON and stable in a bar.
  /// Built from integers because `String(describing:)` would print `1e-05` or `45.23456`.
  static func decimal(_ value: Double) -> String {
    let tenths = Int64((min(max(0, value), 1e12) * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}

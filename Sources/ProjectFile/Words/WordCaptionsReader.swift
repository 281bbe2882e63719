import Diagnostics
import PlanValues
import Timeline
import Yams

/// Reads the `words:` block of a `captions` layer.
extension ReadContext {
  static let wordCaptionsKeys = [
    "per_page", "break_on_silence", "break_on_punctuation", "linger", "lead", "max_lines",
    "upcoming", "active", "spoken", "pop",
  ]
  static let wordStyleKeys = [
    "color", "background", "padding", "corner_radius", "outline", "opacity", "scale",
  ]
  static let wordPopKeys = ["scale", "duration", "ease"]
  /// The most words a page may hold: more could not be read at a glance, and each is a box
  /// drawn on every frame.
  static let wordsPerPageLimit = 50

  func readWordCaptions(_ node: Node, subject: String) -> WordCaptionsSpec? {
    let subject = "words of \(subject)"
    guard
      let map = MappingReader(node, subject: subject, keys: Self.wordCaptionsKeys, in: self)
    else { return nil }
    let here = map.location
    func duration(_ key: String) -> Located<TimeValue>? {
      map.value(key).flatMap { nonNegativeTime($0, what: "\(key) of \(subject)") }
    }
    func style(_ key: String) -> WordStyleSpec {
      map.value(key).flatMap { readWordStyle($0, subject: "\(key) of \(subject)") } ?? .unset
    }
    return WordCaptionsSpec(
      location: here,
      perPage: map.value("per_page").flatMap {
        integer($0, what: "per_page", in: 1...Self.wordsPerPageLimit)
      } ?? Located(3, at: here),
      breakOnSilence: duration("break_on_silence"),
      breakOnPunctuation: map.value("break_on_punctuation").flatMap(bool)
        ?? Located(true, at: here),
      linger: duration("linger") ?? Located(.zero, at: here),
      lead: duration("lead") ?? Located(.zero, at: here),
      maxLines: map.value("max_lines").flatMap { integer($0, what: "max_lines", in: 1...1000) },
      upcoming: style("upcoming"), active: style("active"), spoken: style("spoken"),
      pop: map.value("pop").flatMap { readWordPop($0, subject: "pop of \(subject)") })
  }

  private func readWordStyle(_ node: Node, subject: String) -> WordStyleSpec? {
    guard let map = MappingReader(node, subject: subject, keys: Self.wordStyleKeys, in: self)
    else { return nil }
    return WordStyleSpec(
      color: map.value("color").flatMap(rgbaColor),
      background: map.value("background").flatMap(rgbaColor),
      padding: map.value("padding").flatMap { integer($0, what: "padding", in: 0...1000) },
      cornerRadius: map.value("corner_radius").flatMap {
        number($0, what: "corner_radius", in: 0...1000)
      },
      outline: map.value("outline").flatMap { readOutline($0, subject: subject) },
      opacity: map.value("opacity").flatMap { number($0, what: "opacity", in: 0...1) },
      scale: map.value("scale").flatMap {
        number($0, what: "scale", in: 0...10, aboveLowest: true)
      })
  }

  private func readWordPop(_ node: Node, subject: String) -> WordPopSpec? {
    guard let map = MappingReader(node, subject: subject, keys: Self.wordPopKeys, in: self)
    else { return nil }
    let here = map.location
    // A pop named with no scale starts at 130 %: the size a "pop" usually means.
    let scale =
      map.value("scale").flatMap { number($0, what: "pop scale", in: 0...10, aboveLowest: true) }
      ?? (map.value("scale") == nil ? Located(1.3, at: here) : nil)
    let duration =
      map.value("duration").flatMap { nonNegativeTime($0, what: "duration of \(subject)") }
      ?? Located(.seconds(Rational(3, 25)), at: here)
    let ease = map.value("ease").flatMap(easing) ?? Located(.easeOut, at: here)
    return scale.map { WordPopSpec(location: here, scale: $0, duration: duration, ease: ease) }
  }

  /// A time of 0 or more.
  private func nonNegativeTime(_ node: Node, what: String) -> Located<TimeValue>? {
    guard let time = time(node, what: what) else { return nil }
    let negative =
      switch time.value {
      case .seconds(let s): s < .zero
      case .frames(let n): n < 0
      }
    guard !negative else {
      error(
        "out-of-range", "\(what) must be 0 or more, found \(time.value)", at: time.location,
        help: "write a time such as 0.3s, 300ms or 9f")
      return nil
    }
    return time
  }
}

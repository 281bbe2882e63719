import Diagnostics
import Foundation
import Timeline
import Yams

/// Reads `duck:` on an audio track or a source layer's `audio:`. Whether the names it lists
/// exist is checked once every layer and track is read (`ProjectRules`).
extension ReadContext {
  /// The defaults of the contract: −12 dB, −40 dB, 150 ms, 600 ms.
  static let duckDefaults = (
    by: -12.0, threshold: -40.0, attackMs: Int64(150), releaseMs: Int64(600)
  )

  func readDuck(_ node: Node) -> DuckSpec? {
    let keys = ["under", "by", "threshold", "attack", "release"]
    guard let map = MappingReader(node, subject: "duck", keys: keys, in: self) else { return nil }
    let here = map.location
    let under = map.required(
      "under", help: "name the layers or tracks to duck under, e.g. under: [voiceover]"
    ).flatMap(duckNames)
    let defaults = Self.duckDefaults
    let spec = DuckSpec(
      location: here, under: under ?? [],
      by: map.value("by").flatMap(duckDepth) ?? Located(.decibels(defaults.by), at: here),
      threshold: map.value("threshold").flatMap(duckThreshold)
        ?? Located(.decibels(defaults.threshold), at: here),
      attack: map.value("attack").flatMap { duckTime($0, what: "duck attack") }
        ?? Located(.seconds(Rational(defaults.attackMs, 1000)), at: here),
      release: map.value("release").flatMap { duckTime($0, what: "duck release") }
        ?? Located(.seconds(Rational(defaults.releaseMs, 1000)), at: here))
    return under == nil ? nil : spec
  }

  /// One name or a list of names, none twice.
  private func duckNames(_ node: Node) -> [Located<String>]? {
    let items: [Node]
    switch node {
    case .sequence(let list): items = Array(list)
    default: items = [node]
    }
    guard !items.isEmpty else {
      error(
        "empty-list", "duck.under must name at least one layer or track", at: location(of: node),
        help: "for example: under: [voiceover]")
      return nil
    }
    var names: [Located<String>] = []
    for item in items {
      guard let name = string(item, what: "a layer or track name", example: "voice") else {
        return nil
      }
      if let first = names.first(where: { $0.value == name.value }) {
        error(
          "duplicate-name", "'\(name.value)' is listed twice in duck.under", at: name.location,
          notes: [.init("first listed here", at: first.location)])
        return nil
      }
      names.append(name)
    }
    return names
  }

  /// `by`: how far the level drops, at most 0 dB and at least −96 dB (a ramp in decibels
  /// needs a finite floor; −96 dB is silence at 16 bits).
  private func duckDepth(_ node: Node) -> Located<Gain>? {
    guard let gain = gain(node) else { return nil }
    let db = gain.value.decibels ?? 20 * log10(gain.value.linear)
    guard db <= 0, db >= -96 else {
      error(
        "out-of-range",
        "duck.by must lower the level by 0 to 96 dB, found \(Self.decibelText(db))",
        at: gain.location, help: "write how far the level drops, e.g. by: -12dB")
      return nil
    }
    return Located(.decibels(db), at: gain.location)
  }

  /// `threshold`: an RMS level in dBFS, below 0 and above −120.
  private func duckThreshold(_ node: Node) -> Located<Gain>? {
    guard let gain = gain(node) else { return nil }
    let db = gain.value.decibels ?? 20 * log10(gain.value.linear)
    guard db < 0, db >= -120 else {
      error(
        "out-of-range",
        "duck.threshold must be a level from -120 dB to below 0 dB, found \(Self.decibelText(db))",
        at: gain.location, help: "a speaking voice is well above -40dB; write e.g. threshold: -40dB"
      )
      return nil
    }
    return Located(.decibels(db), at: gain.location)
  }

  /// `attack` and `release`; their upper bound needs the frame rate (`ProjectRules`).
  private func duckTime(_ node: Node, what: String) -> Located<TimeValue>? {
    guard let t = time(node, what: what) else { return nil }
    if case .seconds(let s) = t.value, s.isNegative {
      error("out-of-range", "\(what) cannot be negative, found \(t.value)", at: t.location)
      return nil
    }
    return t
  }

  static func decibelText(_ db: Double) -> String {
    db.isFinite ? "\(Double(Int((db * 100).rounded())) / 100) dB" : "-inf dB (silence)"
  }
}

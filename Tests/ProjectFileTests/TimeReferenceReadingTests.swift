import Diagnostics
import Foundation
import ProjectFile
import Testing
import Timeline

/// Times written as references (`voice.end + 300ms`), as read: which fields take one, what is
/// kept of it, and where a badly written one is reported. The planner resolves them
/// (`TimeReferencePlanningTests`).
@Suite("Times that follow other things, as read")
struct TimeReferenceReadingTests {
  static func load(_ text: String, set overrides: [String: String] = [:]) -> LoadResult {
    ProjectLoader.load(
      text: text, path: "project.yaml", directory: "/tmp/chromake-time-references",
      overrides: overrides.map { VariableOverride(name: $0.key, value: $0.value) })
  }

  /// One file with a reference in every field that takes one, each on its own line.
  static let everyField = """
    version: 1
    output:
      file: out/x.mp4
      size: 640x360
      fps: 30
      duration: "card.end + 1s"
      poster: { file: out/poster.png, at: "card.start + 1f" }
    layers:
      - name: card
        fill: "#FFFFFF"
        start: "voice.end + 300ms"
        duration: "voice.length"
        opacity:
          - { at: 0, value: 0 }
          - { at: "voice.length - 2f", value: 1 }
      - name: story
        start: "voice.start"
        sequence:
          - { name: scene1, fill: "#FF0000", duration: "voice.length + 0.5s" }
    audio:
      - name: voice
        source: voice.wav
      - name: music
        source: music.wav
        start: "scene1.end"
        duration: "story.length - 1s"
    """

  @Test(
    "every time field takes a reference, kept at the field's place with what was written",
    arguments: [
      (6, "card.end + 1s"), (7, "card.start + 1f"), (11, "voice.end + 300ms"),
      (12, "voice.length"), (15, "voice.length - 2f"), (17, "voice.start"),
      (19, "voice.length + 0.5s"), (25, "scene1.end"), (26, "story.length - 1s"),
    ])
  func everyField(line: Int, written: String) throws {
    let result = Self.load(Self.everyField)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let spec = try #require(result.spec)
    let references = spec.timeReferences.values.filter { $0.location.line == line }
    let reference = try #require(references.first, "no reference on line \(line)")
    #expect(references.count == 1)
    #expect(reference.text == written)
    #expect(spec.timeReferences.count == 9)
  }

  @Test("the fields hold zero until planned, and the reference's name is found in the line")
  func placeholders() throws {
    let spec = try #require(Self.load(Self.everyField).spec)
    let card = spec.layers[0]
    #expect(card.start.value == .zero)
    let reference = try #require(spec.timeReferences[card.start.location])
    #expect(
      reference.expression
        == TimeExpression(
          name: "voice", part: .end,
          terms: [.init(subtracts: false, time: .seconds(Rational(3, 10)))]))
    // `    start: "voice.end + 300ms"`: the value's quote is at column 12, the name at 13.
    #expect(reference.location.column == 12)
    #expect(reference.nameLocation.column == 13)
    #expect(reference.nameLocation.length == 5)
  }

  @Test("a plain time is read exactly as before, with no reference")
  func plainTimes() throws {
    let result = Self.load(
      """
      version: 1
      output: { file: out/x.mp4, size: 640x360, fps: 30, duration: 01:02.5 }
      layers:
        - { name: card, fill: "#FFFFFF", start: 2.5s, duration: 45f }
      """)
    let spec = try #require(result.spec)
    #expect(result.diagnostics.isEmpty)
    #expect(spec.timeReferences.isEmpty)
    #expect(spec.layers[0].start.value == .seconds(Rational(5, 2)))
    #expect(spec.layers[0].duration?.value == .frames(45))
  }

  @Test("a wrong part is named at itself, with the three choices and a did-you-mean")
  func wrongPart() throws {
    let result = Self.load(
      """
      version: 1
      output: { file: out/x.mp4, size: 640x360, fps: 30, duration: 4s }
      layers:
        - { name: card, fill: "#FFFFFF", start: "voice.strat + 1s" }
      """)
    let problem = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(problem.id == "bad-time-reference")
    #expect(problem.message.contains(".start, .end or .length"))
    #expect(problem.help == "did you mean 'start'?")
    // `  - { name: card, fill: "#FFFFFF", start: "voice.strat + 1s" }`: `strat` at column 50.
    #expect(problem.location?.line == 4)
    #expect(problem.location?.column == 50)
    #expect(problem.location?.length == 5)
  }

  @Test("a data cell may hold a reference; its problems name the variable")
  func fromData() throws {
    let text = """
      version: 1
      variables: { when: 0s }
      output: { file: out/x.mp4, size: 640x360, fps: 30, duration: 4s }
      layers:
        - { name: card, fill: "#FFFFFF", start: "{{when}}" }
      """
    let spec = try #require(Self.load(text, set: ["when": "voice.end - 1f"]).spec)
    #expect(spec.timeReferences.first?.value.text == "voice.end - 1f")
    let bad = Self.load(text, set: ["when": "voice.finish"])
    let problem = try #require(bad.diagnostics.first)
    #expect(problem.id == "bad-time-reference")
    #expect(problem.notes.contains { $0.message.contains("when") })
  }

  @Test(
    "times this issue does not cover refuse a reference as before",
    arguments: [
      "fade_in: \"voice.length\"", "in: \"voice.length\"", "out: \"voice.end\"",
    ])
  func uncovered(key: String) throws {
    let result = Self.load(
      """
      version: 1
      output: { file: out/x.mp4, size: 640x360, fps: 30, duration: 4s }
      layers:
        - { name: clip, source: clip.mp4, \(key) }
      """)
    #expect(result.diagnostics.map(\.id) == ["bad-time"])
  }

  @Test("a child project's frames are counted at its own rate when it is planned at another")
  func childFrames() throws {
    let spec = try #require(Self.load(Self.everyField).spec)
    let converted = spec.framesAsSeconds(fps: Rational(30))
    let keyframe = spec.layers[0].opacity.keyframes[1].at.location
    let terms = try #require(converted.timeReferences[keyframe]).expression.terms
    #expect(terms == [.init(subtracts: true, time: .seconds(Rational(1, 15)))])
  }
}

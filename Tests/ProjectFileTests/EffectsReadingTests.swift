import Diagnostics
import Looks
import PlanValues
import ProjectFile
import TestSupport
import Testing

/// `blur`, `corner_radius` and `shadow` on a layer or a sequence item: read with their
/// defaults, keyframed where the format allows, refused at their line otherwise.
@Suite("effects: read and checked")
struct EffectsReadingTests {
  static func load(_ layers: String) -> LoadResult {
    LayerKindsTests.load(LayerKindsTests.project(layers))
  }

  @Test("blur and corner radius take keyframes; a shadow takes its defaults")
  func read() throws {
    let result = Self.load(
      """
        - name: card
          fill: "#FFFFFF"
          blur: [ { at: 0, value: 2 }, { at: 1s, value: 12 } ]
          corner_radius: "10%"
          shadow: { offset: [4, -6] }
      """)
    try #require(!result.diagnostics.hasErrors, "\(result.diagnostics)")
    let effects = try #require(result.spec?.layers.first?.effects)
    #expect(effects.blur?.keyframes.map(\.value.value) == [2, 12])
    #expect(
      effects.cornerRadius?.keyframes.first?.value.value == CornerRadius(value: 10, relative: true))
    let shadow = try #require(effects.shadow?.value)
    #expect(shadow.offset == SIMD2(4, -6))
    #expect(shadow.blur == 12)
    #expect(shadow.color == RGBAColor(hex: "#00000099"))
  }

  @Test("saturation takes keyframes, on a layer and on a sequence's item")
  func saturation() throws {
    let result = Self.load(
      """
        - name: card
          fill: "#FF0000"
          saturation: [ { at: 0, value: 0 }, { at: 1s, value: 2.5 } ]
        - name: story
          sequence:
            - { fill: "#00FF00", duration: 1s, saturation: 0.5 }
      """)
    try #require(!result.diagnostics.hasErrors, "\(result.diagnostics)")
    let card = try #require(result.spec?.layers.first?.effects.adjustments["saturation"])
    #expect(card.keyframes.map(\.value.value) == [0, 2.5])
    guard case .sequence(let sequence) = result.spec?.layers.last?.content else {
      Issue.record("the second layer is not a sequence")
      return
    }
    #expect(sequence.items.first?.effects.adjustments["saturation"]?.values == [0.5])
  }

  @Test("a sequence's items take effects; the sequence itself does not")
  func sequences() throws {
    let items = Self.load(
      """
        - name: story
          sequence:
            - { fill: "#FF0000", duration: 1s, blur: 3, corner_radius: 12 }
            - { fill: "#00FF00", duration: 1s }
      """)
    try #require(!items.diagnostics.hasErrors, "\(items.diagnostics)")
    let whole = Self.load(
      """
        - name: story
          blur: 3
          sequence:
            - { fill: "#FF0000", duration: 1s }
      """)
    #expect(whole.diagnostics.map(\.id) == ["key-not-for-kind"])
  }

  @Test(
    "refusals are located",
    arguments: [
      ("blur: -1", "blur must be 0 to 1000, found -1"),
      ("blur: 5000", "blur must be 0 to 1000, found 5000"),
      ("corner_radius: \"60%\"", "a corner radius in percent must be 0% to 50%, found '60%'"),
      (
        "corner_radius: [ { at: 0, value: 10 }, { at: 1s, value: \"20%\" } ]",
        "the corner radius of layer 'card' mixes pixels and percent across its keyframes"
      ),
      ("shadow: { offset: [4] }", "shadow offset must be two numbers, [x, y]"),
      ("shadow: { spread: 4 }", "unknown key 'spread' in shadow"),
      ("saturation: 5", "saturation must be 0 to 4, found 5"),
      ("saturation: -0.5", "saturation must be 0 to 4, found -0.5"),
      (
        "saturation: [ { at: 0, value: 1 }, { at: 1s, value: 9 } ]",
        "saturation must be 0 to 4, found 9"
      ),
    ])
  func refusals(line: String, message: String) throws {
    let result = Self.load("  - name: card\n    fill: \"#FFFFFF\"\n    \(line)")
    let errors = result.diagnostics.filter { $0.severity == .error }
    try #require(errors.count == 1, "\(errors.map(\.message))")
    #expect(errors[0].message.hasPrefix(message), "\(errors[0].message)")
    #expect(errors[0].location?.line == 10, "\(String(describing: errors[0].location))")
  }
}

/// `.cube` files read with their problems at their lines.
@Suite("effects: .cube tables")
struct CubeReaderTests {
  @Test("a table reads: size, domain, rows red fastest")
  func reads() throws {
    let text = """
      TITLE "two"
      # comment
      LUT_3D_SIZE 2
      DOMAIN_MIN 0 0 0
      DOMAIN_MAX 1 1 1
      0 0 0
      1 0 0
      0 1 0
      1 1 0
      0 0 1
      1 0 1
      0 1 1
      1 1 1
      """
    let (lut, diagnostics) = CubeReader.read(text: text, file: "two.cube")
    #expect(diagnostics.isEmpty)
    let table = try #require(lut)
    #expect(table.size == 2)
    #expect(table.color(r: 1, g: 0, b: 1) == SIMD3(1, 0, 1))
  }

  /// What grading tools write: Windows or old Mac line ends, a UTF-8 byte-order mark; each
  /// reads as the plain table does, and a problem in one still lands on its own line and column.
  @Test(
    "Windows and Mac line ends and a byte-order mark read as plain lines",
    arguments: [("\r\n", ""), ("\r", ""), ("\n", "\u{FEFF}"), ("\r\n", "\u{FEFF}")])
  func lineEnds(end: String, mark: String) throws {
    let rows = ["0 0 0", "1 0 0", "0 1 0", "1 1 0", "0 0 1", "1 0 1", "0 1 1", "1 1 1"]
    let lines = ["TITLE \"two\"", "LUT_3D_SIZE 2", "DOMAIN_MIN 0 0 0", "DOMAIN_MAX 1 1 1"] + rows
    let (lut, diagnostics) = CubeReader.read(
      text: mark + lines.joined(separator: end) + end, file: "two.cube")
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    let table = try #require(lut)
    #expect(table.size == 2 && table.color(r: 1, g: 1, b: 0) == SIMD3(1, 1, 0))

    let broken = mark + "LUT_3D_SIZE 2" + end + "0 0 0" + end + "  1 0" + end
    let (none, problems) = CubeReader.read(text: broken, file: "bad.cube")
    #expect(none == nil)
    let first = try #require(problems.first)
    #expect(first.message == "a table row is three numbers (red, green, blue), found '1 0'")
    #expect(first.location?.line == 3 && first.location?.column == 3)
  }

  @Test(
    "problems at their line and column",
    arguments: [
      ("LUT_3D_SIZE 2\n0 0 0\n1 0\n", 3, "a table row is three numbers"),
      ("LUT_3D_SIZE 99\n", 1, "LUT_3D_SIZE must be a whole number from 2 to 65"),
      ("LUT_1D_SIZE 16\n", 1, "this is a 1D table"),
      ("0 0 0\n", 1, "a table row comes before LUT_3D_SIZE"),
      ("LUT_3D_SIZE 2\n0 0 0\n", 2, "the table has 1 row; a 2×2×2 table has 8"),
      ("LUT_3D_SIZE 2\nGAMMA 2.2\n", 2, "unknown keyword 'GAMMA'"),
      ("just some text\n", 1, "unknown keyword 'just'"),
    ])
  func problems(text: String, line: Int, message: String) throws {
    let (lut, diagnostics) = CubeReader.read(text: text, file: "bad.cube")
    #expect(lut == nil)
    let first = try #require(diagnostics.first)
    #expect(first.message.hasPrefix(message), "\(first.message)")
    #expect(first.location?.file == "bad.cube" && first.location?.line == line)
  }
}

/// A project's looks are read with it: a bad table's problem at its line in the `.cube` file,
/// the project's line a note; a missing file at the project's line.
@Suite("effects: a project's .cube files")
struct LookFileTests {
  @Test("a table's problem is located in the table, with the layer's line as a note")
  func located() throws {
    try withScratchFolder { folder in
      try "LUT_3D_SIZE 2\n0 0 0\n1 0\n".write(
        toFile: folder.path("bad.cube"), atomically: true, encoding: .utf8)
      let result = ProjectLoader.load(
        text: LayerKindsTests.project(
          "  - { name: a, fill: \"#FFFFFF\", lut: bad.cube }\n"
            + "  - { name: c, fill: \"#FFFFFF\", lut: missing.cube }"),
        path: folder.path("project.yaml"), directory: folder.path(""), overrides: [])
      let ids = result.diagnostics.map(\.id)
      #expect(ids == ["bad-lut", "unreadable-lut"], "\(result.diagnostics.map(\.message))")
      let table = try #require(result.diagnostics.first)
      #expect(table.location?.file.hasSuffix("bad.cube") == true)
      #expect(table.location?.line == 3)
      #expect(table.notes.first?.location?.line == 8)
      #expect(result.diagnostics.last?.location?.line == 9)
    }
  }
}

import Diagnostics
import Foundation
import PlanValues
import ProjectFile
import Testing
import Timeline

/// `image`, `fill` and `text` layers beside `source`, and the fades every layer has, as read
/// into the spec: values, defaults and where they were written. Media is not probed here.
@Suite("Layer kinds: source, image, fill and text")
struct LayerKindsTests {
  /// A project around `layers`, which are indented as list entries under `layers:`.
  static func project(_ layers: String, variables: String = "") -> String {
    """
    version: 1
    \(variables)output:
      file: out/x.mp4
      size: 640x360
      fps: 30
      duration: 4s
    layers:
    \(layers)
    """
  }

  static func load(_ text: String, set overrides: [String: String] = [:]) -> LoadResult {
    ProjectLoader.load(
      text: text, path: "project.yaml", directory: "/tmp/chromake-layer-kinds",
      overrides: overrides.map { VariableOverride(name: $0.key, value: $0.value) })
  }

  /// The one layer of a project that must load without problems.
  static func onlyLayer(
    _ layers: String, variables: String = "", set overrides: [String: String] = [:]
  ) throws -> LayerSpec {
    let result = load(project(layers, variables: variables), set: overrides)
    try #require(result.diagnostics.isEmpty, "\(result.diagnostics)")
    return try #require(result.spec?.layers.first)
  }

  struct WrongKind: Error {
    var kind: String
  }

  static func text(of layer: LayerSpec) throws -> TextLayerSpec {
    guard case .text(let text) = layer.content else { throw WrongKind(kind: layer.content.kind) }
    return text
  }

  @Test("one layer of each kind loads, in order, with the kind its key names")
  func eachKind() throws {
    let result = Self.load(
      Self.project(
        """
          - name: plate
            source: media/plate.mp4
          - name: logo
            image: media/logo.png
            key: { color: "#0000FF", similarity: 0.3 }
          - name: tint
            fill: "#FF000080"
          - name: title
            text: Summer sale
        """))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let layers = try #require(result.spec?.layers)
    #expect(layers.map(\.content.kind) == ["source", "image", "fill", "text"])
    #expect(layers.map(\.name.value) == ["plate", "logo", "tint", "title"])

    guard case .image(let image) = layers[1].content else {
      throw WrongKind(kind: layers[1].content.kind)
    }
    #expect(image.path.value == "media/logo.png")
    #expect(image.path.location.line == 11 && image.path.location.column == 12)
    #expect(image.key?.color.value == RGBColor(red: 0, green: 0, blue: 255))
    #expect(image.key?.similarity.value == 0.3)
    #expect(image.key?.smoothness.value == 0.1)

    guard case .fill(let fill) = layers[2].content else {
      throw WrongKind(kind: layers[2].content.kind)
    }
    #expect(fill.value == RGBAColor(RGBColor(red: 255, green: 0, blue: 0), alpha: 0x80))
    #expect(fill.location.line == 14 && fill.location.column == 11)
  }

  @Test("every kind has the common keys: start, duration, opacity, box, fit and the fades")
  func commonKeys() throws {
    for kind in [
      "source: media/plate.mp4", "image: media/logo.png", "fill: \"#000000\"", "text: Hi",
    ] {
      let layer = try Self.onlyLayer(
        """
          - name: it
            \(kind)
            start: 1s
            duration: 2s
            opacity: 0.5
            box: [10, 20, 300, 200]
            fit: cover
            fade_in: 500ms
            fade_out: 15f
        """)
      #expect(layer.start.value == .seconds(Rational(1)))
      #expect(layer.duration?.value == .seconds(Rational(2)))
      #expect(layer.opacity.values == [0.5] && layer.opacity.keyframes[0].at.value == .zero)
      #expect(layer.box?.values == [FrameRect(x: 10, y: 20, width: 300, height: 200)])
      #expect(layer.fit.value == .cover)
      #expect(layer.fadeIn.value == .seconds(Rational(1, 2)))
      #expect(layer.fadeIn.location.line == 15)
      #expect(layer.fadeOut.value == .frames(15))
    }
  }

  @Test("fades default to zero, located at the layer")
  func fadeDefaults() throws {
    let layer = try Self.onlyLayer("  - name: t\n    fill: \"#000000\"")
    #expect(layer.fadeIn.value == .zero && layer.fadeOut.value == .zero)
    #expect(layer.fadeIn.location == layer.location)
  }

  @Test("a text layer's defaults: DejaVu Sans 48, opaque white, left, top, spacing 1, no extras")
  func textDefaults() throws {
    let text = try Self.text(of: try Self.onlyLayer("  - name: t\n    text: Hello"))
    #expect(text.text.value == "Hello")
    #expect(text.font.value == "DejaVu Sans 48")
    #expect(text.color.value == .white)
    #expect(text.color.value.description == "#FFFFFFFF")
    #expect(text.align.value == .left)
    #expect(text.valign.value == .top)
    #expect(text.lineSpacing.value == 1)
    #expect(text.background == nil)
    #expect(text.padding.value == 0)
    #expect(text.outline == nil)
  }

  @Test("every text key is read, colours with alpha, the outline's colour defaulting to black")
  func textKeys() throws {
    let text = try Self.text(
      of: try Self.onlyLayer(
        """
          - name: price
            text: Now only
            font: DejaVu Sans Bold 64
            color: "#ffcc00"
            align: center
            valign: bottom
            line_spacing: 1.25
            background: "#00000080"
            padding: 12
            outline: { width: 3.5 }
            box: [0, 200, 640, 160]
        """))
    #expect(text.font.value == "DejaVu Sans Bold 64")
    #expect(text.color.value == RGBAColor(RGBColor(red: 0xFF, green: 0xCC, blue: 0)))
    #expect(text.align.value == .center)
    #expect(text.valign.value == .bottom)
    #expect(text.lineSpacing.value == 1.25)
    #expect(text.background?.value == RGBAColor(.black, alpha: 0x80))
    #expect(text.padding.value == 12)
    let outline = try #require(text.outline)
    #expect(outline.width.value == 3.5)
    #expect(outline.color.value == .black)
    #expect(outline.location.line == 17)
  }

  @Test(
    "text is kept as written: numbers keep their digits, booleans their spelling",
    arguments: [
      ("9.90", "9.90"), ("010", "010"), ("1e3", "1e3"), ("true", "true"), ("\"\"", ""),
      ("'  padded  '", "  padded  "), ("\"tab\\there\"", "tab\there"),
    ])
  func textAsWritten(written: String, expected: String) throws {
    let text = try Self.text(of: try Self.onlyLayer("  - name: t\n    text: \(written)"))
    #expect(text.text.value == expected)
  }

  @Test("a block scalar keeps its line breaks but not the final one")
  func multiLine() throws {
    let literal = try Self.text(
      of: try Self.onlyLayer(
        """
          - name: t
            text: |
              Summer sale
                all week
              Everything must go
        """))
    #expect(literal.text.value == "Summer sale\n  all week\nEverything must go")
    #expect(literal.text.location.line == 9)

    let stripped = try Self.text(
      of: try Self.onlyLayer("  - name: t\n    text: |-\n      one\n      two\n"))
    #expect(stripped.text.value == "one\ntwo")

    let folded = try Self.text(
      of: try Self.onlyLayer("  - name: t\n    text: >\n      one\n      two\n\n      three\n"))
    #expect(folded.text.value == "one two\nthree")

    let quoted = try Self.text(of: try Self.onlyLayer("  - name: t\n    text: \"one\\ntwo\""))
    #expect(quoted.text.value == "one\ntwo")
  }

  @Test("templated text takes the variable's text as written, and --set over it")
  func templatedText() throws {
    let variables = "variables:\n  price: 9.90\n  blank: \"\"\n"
    let layers = "  - name: t\n    text: \"Now {{price}} €\"\n  - name: u\n    text: \"{{blank}}\""
    let result = Self.load(Self.project(layers, variables: variables))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let texts = try (result.spec?.layers ?? []).map { try Self.text(of: $0) }
    try #require(texts.count == 2)
    #expect(texts[0].text.value == "Now 9.90 €")
    #expect(texts[0].text.template == "Now {{price}} €")
    #expect(texts[0].text.substitutions.map(\.name) == ["price"])
    // A data row may leave a field blank.
    #expect(texts[1].text.value == "")

    let overridden = try Self.onlyLayer(
      "  - name: t\n    text: \"{{price}}\"", variables: "variables:\n  price: 9.90\n",
      set: ["price": "12.50"])
    #expect(try Self.text(of: overridden).text.value == "12.50")
  }

  @Test("colours are #RRGGBB or #RRGGBBAA in either case; fill, text colour, background, outline")
  func colours() {
    #expect(
      RGBAColor(hex: "#ff000080") == RGBAColor(RGBColor(red: 255, green: 0, blue: 0), alpha: 128))
    #expect(RGBAColor(hex: "#00FF00") == RGBAColor(.green))
    #expect(RGBAColor(hex: "#00FF00")?.description == "#00FF00FF")
    for bad in ["#1234", "#12345G", "#123456789", "12345678", "#+1234567", "#00FF00 80", ""] {
      #expect(RGBAColor(hex: bad) == nil, "\(bad)")
    }
  }

  @Test("a malformed colour is reported at the value with both forms in the help")
  func badColour() throws {
    let result = Self.load(Self.project("  - name: t\n    fill: \"#12345G\""))
    let found = try #require(result.diagnostics.first { $0.id == "bad-color" })
    #expect(found.location?.line == 9 && found.location?.column == 11)
    #expect(found.message == "'#12345G' is not a colour: 'G' is not a hexadecimal digit")
    #expect(found.help?.contains("\"#RRGGBB\"") == true)
    #expect(found.help?.contains("\"#RRGGBBAA\"") == true)
  }

  @Test("a key that belongs to another kind is an error at the key, naming its kinds")
  func keyOfAnotherKind() throws {
    let result = Self.load(
      Self.project("  - name: t\n    text: Hi\n    key: {}\n    loop: true\n    matte: m.mp4"))
    let found = result.diagnostics.filter { $0.id == "key-not-for-kind" }
    #expect(
      found.map(\.message) == [
        "'key' applies to source, image and project layers only; this is a text layer",
        "'loop' applies to source and project layers only; this is a text layer",
        "'matte' applies to source and project layers only; this is a text layer",
      ])
    #expect(found.map { $0.location?.line } == [10, 11, 12])
    #expect(found.allSatisfy { $0.location?.column == 5 })
    #expect(result.diagnostics.count == 3)
  }

  @Test("a misspelt key is suggested from the keys of every kind")
  func suggestions() throws {
    let result = Self.load(
      Self.project("  - name: t\n    text: Hi\n    colr: \"#FFFFFF\"\n    line_spacng: 2"))
    #expect(
      result.diagnostics.map { "\($0.id) \($0.help ?? "")" } == [
        "unknown-key did you mean 'color'?", "unknown-key did you mean 'line_spacing'?",
      ])
  }

  @Test("two kinds: an error at the later key, noting the earlier; the first kind is kept")
  func twoKinds() throws {
    let result = Self.load(Self.project("  - name: t\n    fill: \"#000000\"\n    text: Hi"))
    let found = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(found.id == "conflicting-kinds")
    #expect(found.message == "layer 't' gives both 'fill' and 'text'")
    #expect(found.location?.line == 10)
    #expect(found.notes.first?.location?.line == 9)
    #expect(result.spec?.layers.first?.content.kind == "fill")
  }

  @Test("no kind: an error at the layer listing the seven")
  func noKind() throws {
    let result = Self.load(Self.project("  - name: t\n    start: 1s"))
    let found = try #require(result.diagnostics.first)
    #expect(found.id == "missing-key")
    #expect(found.location?.line == 8 && found.location?.column == 5)
    #expect(
      found.help
        == "a layer shows one of: source: VIDEO, image: PICTURE, fill: \"#RRGGBB\", "
        + "text: STRING, captions: SUBTITLES.srt, sequence: [ITEMS] or project: OTHER.yaml")
    #expect(result.spec?.layers.isEmpty == true)
  }

  @Test("padding must leave room in the box, or in the frame without one")
  func padding() throws {
    func errors(_ layer: String) -> [Diagnostic] {
      Self.load(Self.project(layer)).diagnostics.filter { $0.id == "padding-too-large" }
    }
    #expect(errors("  - name: t\n    text: Hi\n    box: [0, 0, 200, 100]\n    padding: 49").isEmpty)
    let boxed = errors("  - name: t\n    text: Hi\n    box: [0, 0, 200, 100]\n    padding: 50")
    #expect(boxed.map(\.message) == ["padding 50 leaves no room for text in a 200×100 box"])
    #expect(boxed.first?.notes.first?.location?.line == 10)
    #expect(errors("  - name: t\n    text: Hi\n    padding: 179").isEmpty)
    #expect(
      errors("  - name: t\n    text: Hi\n    padding: 180").map(\.message) == [
        "padding 180 leaves no room for text in the 640×360 frame"
      ])
    // A box that cannot be read gives no measure, and no second error.
    #expect(errors("  - name: t\n    text: Hi\n    box: [0, 0, 0, 100]\n    padding: 400").isEmpty)
  }

  @Test("an image path is a media path: a reference, refused as a URL, checked against the output")
  func imagePaths() throws {
    let spec = try #require(
      Self.load(Self.project("  - name: a\n    image: pics/logo.png\n  - name: b\n    text: Hi"))
        .spec)
    let refs = spec.mediaReferences
    #expect(refs.map(\.role) == [.image])
    #expect(refs.map(\.resolved) == ["/tmp/chromake-layer-kinds/pics/logo.png"])
    #expect(refs.map(\.owner) == ["a"])

    let url = Self.load(Self.project("  - name: a\n    image: https://example.com/a.png"))
    #expect(url.diagnostics.map(\.id) == ["not-a-local-file"])

    let outside = Self.load(
      Self.project("  - name: a\n    image: \"{{pic}}\"", variables: "variables:\n  pic: a.png\n"),
      set: ["pic": "../secret.png"])
    #expect(outside.diagnostics.map(\.id) == ["path-outside-project"])
    #expect(outside.diagnostics.first?.message.hasPrefix("image '../secret.png'") == true)
    #expect(outside.spec?.mediaReferences.isEmpty == true)

    let text = Self.project("  - name: a\n    image: out/x.mp4")
    #expect(Self.load(text).diagnostics.map(\.id) == ["output-is-input"])
  }

  @Test("a missing image file is not the loader's concern: media is probed later")
  func missingImageFile() {
    let result = Self.load(Self.project("  - name: a\n    image: no/such/picture.png"))
    #expect(result.diagnostics.isEmpty)
  }

  @Test("--explain's fields include the new keys, templated text substituted")
  func fields() throws {
    let result = Self.load(
      Self.project(
        "  - name: t\n    text: \"{{price}}\"\n    fade_in: 1s\n    outline: { width: 2 }",
        variables: "variables:\n  price: 9.90\n"))
    let fields = Dictionary(uniqueKeysWithValues: result.fields.map { ($0.path, $0.value) })
    #expect(fields["layers[t].text"] == "9.90")
    #expect(fields["layers[t].fade_in"] == "1s")
    #expect(fields["layers[t].outline.width"] == "2")
  }
}

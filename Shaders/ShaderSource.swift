/// One GLSL ES 3.00 shader file as it was embedded at build time.
public struct ShaderFile: Sendable, Hashable {
  /// The file's name with its extension, such as `SolidColor.frag`; compile errors name it.
  public let name: String
  /// The GLSL source text, exactly as in the file, so driver line numbers match the file.
  public let text: String
  /// For a shader assembled from several files, each part's name: part `k` (from 0) is
  /// numbered from line `k × partLines + 1`, so a driver's line number names its part.
  public let partNames: [String]

  /// How many lines each part of an assembled shader may number.
  public static let partLines = 10_000

  /// A shader file; tests and tools may build one from a string.
  public init(name: String, text: String) {
    self.name = name
    self.text = text
    partNames = [name]
  }

  /// One shader from `parts` (embedded files, the first one's `#version` kept and the others'
  /// dropped), specialised with `defines` (each `NAME` or `NAME VALUE`, set after the
  /// `#version` line as `specialized` sets them), and followed by `generated`, code made for
  /// one use, if any. Each part's lines are numbered from its own multiple of `partLines`
  /// (`#line`; drivers do not all honour GLSL's source-string numbers), so `part(ofLine:)`
  /// finds the file.
  public init(
    assembling parts: [ShaderFile], defines: [String] = [],
    generated: (name: String, text: String)? = nil
  ) {
    var text = ""
    for (index, part) in parts.enumerated() {
      guard index > 0 else {
        let first = part.specialized(defines).text
        text += first.hasSuffix("\n") ? first : first + "\n"
        continue
      }
      // Line 1 is the part's `#version`, which only the first line of a shader may hold.
      let body = part.text.drop { $0 != "\n" }.dropFirst()
      text += "#line \(index * Self.partLines + 2)\n" + body + (body.hasSuffix("\n") ? "" : "\n")
    }
    if let generated {
      text += "#line \(parts.count * Self.partLines + 1)\n" + generated.text
    }
    name = parts.first?.name ?? generated?.name ?? ""
    self.text = text
    partNames = parts.map(\.name) + (generated.map { [$0.name] } ?? [])
  }

  /// The file with each of `defines` set (`#define NAME`) after its `#version` line: one
  /// whole file specialised for one use, its lines still numbered as in the file.
  public func specialized(_ defines: [String]) -> ShaderFile {
    guard !defines.isEmpty, let newline = text.firstIndex(of: "\n") else { return self }
    let version = text[...newline]
    let rest = text[text.index(after: newline)...]
    let lines = defines.map { "#define \($0)\n" }.joined()
    return ShaderFile(name: name, text: version + lines + "#line 2\n" + rest)
  }

  /// The part a driver's line number is in, and the line in that part.
  public func part(ofLine line: Int) -> (name: String, line: Int) {
    let index = (line - 1) / Self.partLines
    guard partNames.count > 1, partNames.indices.contains(index) else { return (name, line) }
    return (partNames[index], line - index * Self.partLines)
  }
}

/// The shaders in the top-level `Shaders/GLSL` folder, embedded into the binary so nothing has to
/// sit beside the executable.
public enum ShaderSource {
  /// The shader file called `name` (such as `Fullscreen.vert`), or `nil` if there is none.
  public static func named(_ name: String) -> ShaderFile? {
    byName[name]
  }

  /// Every embedded shader, sorted by name (for fingerprints and listings).
  public static let all: [ShaderFile] = byName.values.sorted { $0.name < $1.name }

  // SwiftPM's `.embedInCode` turns each file of the folder into a `[UInt8]` static property of
  // `PackageResources` named after the file (`.` becomes `_`) and offers no way to enumerate
  // them, so each file is listed here once. The test suite checks this list against the folder.
  private static let embedded: [(name: String, bytes: [UInt8])] = [
    ("ChromaAlpha.frag", PackageResources.ChromaAlpha_frag),
    ("Corner.frag", PackageResources.Corner_frag),
    ("Crossfade.frag", PackageResources.Crossfade_frag),
    ("Dip.frag", PackageResources.Dip_frag),
    ("EffectBlur.frag", PackageResources.EffectBlur_frag),
    ("EffectDownsample.frag", PackageResources.EffectDownsample_frag),
    ("EffectPack.frag", PackageResources.EffectPack_frag),
    ("Fullscreen.vert", PackageResources.Fullscreen_vert),
    ("FusedKey.frag", PackageResources.FusedKey_frag),
    ("Key.frag", PackageResources.Key_frag),
    ("LUT.frag", PackageResources.LUT_frag),
    ("Luma.frag", PackageResources.Luma_frag),
    ("Matte.frag", PackageResources.Matte_frag),
    ("PackedSamples.frag", PackageResources.PackedSamples_frag),
    ("Place.frag", PackageResources.Place_frag),
    ("PlaceMain.frag", PackageResources.PlaceMain_frag),
    ("Push.frag", PackageResources.Push_frag),
    ("Saturation.frag", PackageResources.Saturation_frag),
    ("Slide.frag", PackageResources.Slide_frag),
    ("SolidColor.frag", PackageResources.SolidColor_frag),
    ("Stack.frag", PackageResources.Stack_frag),
    ("StackMain.frag", PackageResources.StackMain_frag),
    ("Transition.frag", PackageResources.Transition_frag),
    ("TransitionMain.frag", PackageResources.TransitionMain_frag),
    ("Wipe.frag", PackageResources.Wipe_frag),
  ]

  private static let byName: [String: ShaderFile] = Dictionary(
    uniqueKeysWithValues: embedded.map {
      ($0.name, ShaderFile(name: $0.name, text: String(decoding: $0.bytes, as: UTF8.self)))
    }
  )
}

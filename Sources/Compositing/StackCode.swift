/// The one part of a stacking program made for it (`StackMain.frag` says why): each layer's
/// uniform and samplers, and `stackLayers`, which calls `StackMain.frag`'s `stackPrepared` or
/// `stackFused` for each layer, bottom first. It holds no maths of its own.
enum StackCode {
  /// `StackMain.frag`'s `#define`s for `batch`.
  static func defines(for batch: StackPass.Batch) -> [String] {
    (batch.transparent ? ["TRANSPARENT"] : []) + (batch.readsPrevious ? ["READS_PREVIOUS"] : [])
  }

  /// The layers' declarations and `stackLayers`.
  static func layers(of batch: StackPass.Batch) -> String {
    var declarations: [String] = []
    var calls: [String] = []
    for (index, kind) in batch.layers.enumerated() {
      let name = "layer\(index)"
      switch kind {
      case .prepared:
        declarations.append("uniform Prepared \(name);")
        let samplers = ["Luma", "LumaAlpha", "Cb", "Cr", "ChromaAlpha"].map { name + $0 }
        declarations.append("uniform sampler2D \(samplers.joined(separator: ", "));")
        // Its bounds lie on the 8 × 2 grid: a call for each half of the fragment.
        let arguments = ([name] + samplers).joined(separator: ", ")
        calls += [
          "stackPrepared(\(arguments), ivec2(fragment.x * 2, fragment.y), left);",
          "stackPrepared(\(arguments), ivec2(fragment.x * 2 + 1, fragment.y), right);",
        ]
      case .fused(let recipe):
        declarations += [
          "uniform Fused \(name);", "uniform Matte \(name)Matte;",
          // Packed planes (PackedSamples.frag).
          "uniform highp usampler2D \(name)Y, \(name)Cb, \(name)Cr, \(name)MatteY;",
          "uniform sampler2D \(name)KeyAlpha, \(name)Excess;",
        ]
        let arguments =
          [name] + ["Y", "Cb", "Cr", "KeyAlpha", "Excess", "Matte", "MatteY"].map { name + $0 }
          + [uses(recipe)]
        calls.append("stackFused(\(arguments.joined(separator: ", ")), fragment, left, right);")
      }
    }
    let body = calls.map { "    " + $0 + "\n" }.joined()
    return declarations.map { $0 + "\n" }.joined()
      + "void stackLayers(ivec2 fragment, inout Planes left, inout Planes right) {\n" + body
      + "}\n"
  }

  /// What a fused layer's code does, as `StackMain.frag`'s flags.
  private static func uses(_ recipe: FusedLayer.Recipe) -> String {
    var flags: [String] = []
    if recipe.keyed { flags.append("FUSED_KEYED") }
    if recipe.matted { flags.append("FUSED_MATTED") }
    if recipe.lumaNeedsChroma { flags.append("FUSED_LUMA_READS_CHROMA") }
    if recipe.chromaNeedsLuma { flags.append("FUSED_CHROMA_READS_LUMA") }
    return flags.isEmpty ? "0" : flags.joined(separator: " | ")
  }
}

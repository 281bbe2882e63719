/// The one part of a stacking program made for it (`StackMain.frag` says why): each layer's
/// uniform and samplers, and `stackLayers`, which calls `StackMain.frag`'s `stackPrepared` or
/// `stackFused` for each layer, bottom first. It holds no maths of its own.
enum StackCode {
  /// `StackMain.frag`'s `#define`s for `batch`.
  static func defines(for batch: StackPass.Batch) -> [String] {
    (batch.target == .luma ? ["LUMA"] : []) + (batch.transparent ? ["TRANSPARENT"] : [])
      + (batch.readsPrevious ? ["READS_PREVIOUS"] : [])
  }

  /// The layers' declarations and `stackLayers`.
  static func layers(of batch: StackPass.Batch) -> String {
    var declarations: [String] = []
    var calls: [String] = []
    for (index, kind) in batch.layers.enumerated() {
      let name = "layer\(index)"
      let samplers: [String]
      switch kind {
      case .prepared:
        declarations.append("uniform Prepared \(name);")
        samplers = (batch.target == .luma ? ["Luma", "Alpha"] : ["Cb", "Cr", "Alpha"]).map {
          name + $0
        }
        calls.append(
          "stackPrepared(\(([name] + samplers).joined(separator: ", ")), fragment, planes);")
      case .fused(let recipe):
        declarations += ["uniform Fused \(name);", "uniform Matte \(name)Matte;"]
        samplers = ["Y", "Cb", "Cr", "KeyAlpha", "Excess", "MatteY"].map { name + $0 }
        let arguments =
          [name] + samplers.prefix(5) + [name + "Matte", samplers[5], uses(recipe, batch.target)]
        calls.append("stackFused(\(arguments.joined(separator: ", ")), fragment, planes);")
      }
      declarations.append("uniform sampler2D \(samplers.joined(separator: ", "));")
    }
    let body = calls.map { "    " + $0 + "\n" }.joined()
    return declarations.map { $0 + "\n" }.joined()
      + "void stackLayers(ivec2 fragment, inout Planes planes) {\n" + body + "}\n"
  }

  /// What a fused layer's code does in a pass writing `target`, as `StackMain.frag`'s flags.
  private static func uses(_ recipe: FusedLayer.Recipe, _ target: StackTarget) -> String {
    var flags: [String] = []
    if recipe.keyed { flags.append("FUSED_KEYED") }
    if recipe.matted { flags.append("FUSED_MATTED") }
    if target == .luma ? recipe.lumaNeedsChroma : recipe.chromaNeedsLuma {
      flags.append("FUSED_OTHER_PLANES")
    }
    return flags.isEmpty ? "0" : flags.joined(separator: " | ")
  }
}

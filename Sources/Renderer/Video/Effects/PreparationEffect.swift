import GPU

/// An effect a layer's preparation applies after placing its picture: one `.frag` file with
/// its GLSL struct and functions, and one Swift type conforming to this protocol, which is
/// that struct's typed value and says what code the preparation program needs for it.
///
/// `LayerSlot.effects(for:)` lists a draw's effects, in the order they apply; nothing else
/// names them. Adding an effect is a new `.frag` and a new conforming type, its settings in
/// the plan (and the reader that fills them), and a line there.
protocol PreparationEffect: UniformGroup {
  /// The code the preparation program needs for the effect; programs are built and cached
  /// per distinct code, so it holds only what the code depends on, never a uniform's value.
  var code: EffectCode { get }
  /// The textures it samples, by the sampler names its code declares.
  var textures: [String: Texture] { get }
  /// Whether the stacking pass may draw a layer with this effect from its planes as decoded
  /// (`FusedLayer`): a layer is fused only when every one of its effects says so.
  var mayFuse: Bool { get }
}

/// What an effect adds to a preparation program.
struct EffectCode: Hashable {
  /// The effect's shader file (such as `Key.frag`), appended after `Place.frag`.
  var file: String
  /// The GLSL struct type of its uniform, and the uniform's name.
  var structName: String
  var uniformName: String
  /// Samplers it declares.
  var samplers: [String]
  /// The lines of `prepared()` that apply it, with `rgb`, `alpha` and `st` in scope.
  var lines: [String]
  /// Whether it reads the picture's colour (`rgb`): if none does, a preparation pass reads only
  /// the planes its own output depends on.
  var readsColor: Bool
}

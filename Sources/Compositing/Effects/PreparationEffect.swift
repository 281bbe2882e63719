import GPU
import PlanValues

/// An effect a layer's preparation applies after placing its picture: one `.frag` file with
/// its GLSL struct and functions, a block of `PlaceMain.frag` that applies it, and one Swift
/// type conforming to this protocol, which is that struct's typed value and says how the
/// preparation program is specialised for it.
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
  /// The effect's shader file (such as `Key.frag`), assembled after `Place.frag`.
  var file: String
  /// The name of its uniform.
  var uniformName: String
  /// The `#define`s that apply it in `PlaceMain.frag` (the first is the effect's own, such as
  /// `EFFECT_KEY`; any others say how, such as how a matte's planes are read).
  var defines: [String]
  /// Whether it reads the picture's colour (`rgb`): if none does, a preparation pass reads only
  /// the planes its own output depends on.
  var readsColor: Bool
  /// For a colour adjustment, its shader's struct and function (`AdjustmentEffect`).
  var adjustment: AdjustmentShader? = nil
}

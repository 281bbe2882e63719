import GPU
import Media

/// Which target a compositing pass writes.
enum CompositeTarget: Hashable {
  /// The output's Y′ plane at full size.
  case luma
  /// The output's Cb and Cr planes at half size, as two outputs of one pass.
  case chroma
  /// R′G′B′ at full size, for a preview picture.
  case rgb
}

/// What the compositing shader must know, before any pixel, to sample a layer: fixed for a
/// layer while its stream's pixel format stays the same.
struct LayerSampling: Hashable {
  /// How the picture's planes are laid out.
  var layout: PlaneLayout
  /// How the matte's planes are laid out, for a layer with a luma matte.
  var matteLayout: PlaneLayout?
  /// Whether a chroma key applies.
  var keyed: Bool
  /// Whether the picture lies pixel for pixel on the output (see `LayerGeometry`).
  var aligned: Bool = false

  /// Texture units the layer takes: one per plane, plus the matte's luma plane.
  var textureUnits: Int { layout.planeCount + (matteLayout == nil ? 0 : 1) }
}

/// The compositing effect (`Composite.frag`): one program per batch of layers and target,
/// built from the embedded file with its `main` generated for exactly those layers.
final class Composite {
  /// What the program was built for.
  struct Batch: Hashable {
    var layers: [LayerSampling]
    var target: CompositeTarget
    /// Whether the colour under the batch comes from an earlier batch's target rather than
    /// the background uniform.
    var readsPrevious: Bool
  }

  let batch: Batch
  let program: ShaderProgram

  init(context: GPUContext, batch: Batch) throws {
    self.batch = batch
    program = try GeneratedShader.program(
      context: context, template: "Composite.frag", generated: Self.generatedMain(for: batch))
  }

  /// The sampler uniform of plane `plane` of layer `index` in the batch.
  static func planeSampler(layer index: Int, plane: Int) -> String {
    "layer\(index)Plane\(plane)"
  }

  /// The sampler uniform of the matte of layer `index` in the batch.
  static func matteSampler(layer index: Int) -> String {
    "layer\(index)Matte"
  }

  /// The samplers of an earlier batch's target, by target.
  static func previousSamplers(_ target: CompositeTarget) -> [String] {
    switch target {
    case .luma: ["previousY"]
    case .chroma: ["previousCb", "previousCr"]
    case .rgb: ["previousRGB"]
    }
  }

  // MARK: - The generated part

  /// Declarations and `main` for `batch`, appended to `Composite.frag`. `#line` keeps the
  /// driver's line numbers for the template's own lines true, and numbers these from 10001
  /// so a message about them cannot be mistaken for one about the file.
  static func generatedMain(for batch: Batch) -> String {
    var lines = ["#line 10001"]
    // GLSL ES has no empty arrays; a frame no layer is drawn on is the background alone.
    if !batch.layers.isEmpty {
      lines.append("uniform Layer layers[\(batch.layers.count)];")
    }
    for (index, layer) in batch.layers.enumerated() {
      let planes = (0..<layer.layout.planeCount).map { planeSampler(layer: index, plane: $0) }
      let matte = layer.matteLayout == nil ? [] : [matteSampler(layer: index)]
      lines.append("uniform sampler2D \((planes + matte).joined(separator: ", "));")
    }
    if batch.readsPrevious {
      lines.append(
        "uniform sampler2D \(previousSamplers(batch.target).joined(separator: ", "));")
    }
    switch batch.target {
    case .luma, .rgb:
      lines.append("out vec4 fragmentColor;")
    case .chroma:
      lines += ["layout(location = 0) out vec4 cbColor;", "layout(location = 1) out vec4 crColor;"]
    }
    lines += [
      "void main() {",
      "    vec2 position = gl_FragCoord.xy * outputScale;",
      "    float halfSize = 0.5 * outputScale;",
      "    vec3 color = \(underColor(batch));",
    ]
    for (index, layer) in batch.layers.enumerated() {
      lines += layerBlock(index: index, layer: layer)
    }
    switch batch.target {
    case .luma: lines.append("    fragmentColor = vec4(color.x, 0.0, 0.0, 1.0);")
    case .rgb: lines.append("    fragmentColor = vec4(color, 1.0);")
    case .chroma:
      lines += [
        "    cbColor = vec4(color.y, 0.0, 0.0, 1.0);",
        "    crColor = vec4(color.z, 0.0, 0.0, 1.0);",
      ]
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func underColor(_ batch: Batch) -> String {
    guard batch.readsPrevious else { return "background" }
    let tc = "textureCoordinate"
    switch batch.target {
    case .luma: return "vec3(texture(previousY, \(tc)).r, background.yz)"
    case .chroma:
      return "vec3(background.x, texture(previousCb, \(tc)).r, texture(previousCr, \(tc)).r)"
    case .rgb: return "texture(previousRGB, \(tc)).rgb"
    }
  }

  /// One layer's part of `main`: its picture at this position, keyed, matted and blended over
  /// `color`. Nothing is sampled where the layer does not reach.
  private static func layerBlock(index: Int, layer: LayerSampling) -> [String] {
    let uniform = "layers[\(index)]"
    let plane = { (p: Int) in planeSampler(layer: index, plane: p) }
    var body = [
      "    {",
      "        float alpha = coverage(\(uniform).clip, position, halfSize) * \(uniform).opacity;",
      "        if (alpha > 0.0) {",
      "            vec2 st = pictureCoordinate(\(uniform), position);",
    ]
    body.append(contentsOf: sampleLines(layer, plane: plane, uniform: uniform))
    if layer.layout == .yuva420p8 || layer.layout == .yuva444p8 {
      body.append("            alpha *= \(fetch(plane(3), aligned: layer.aligned)).r;")
    }
    if layer.keyed {
      body += [
        "            alpha *= keyAlpha(\(uniform), rgb);",
        "            rgb = suppressSpill(\(uniform), rgb);",
      ]
    }
    if let matte = layer.matteLayout {
      body.append(
        "            alpha *= matteAlpha(\(uniform), \(matteSample(matte, matteSampler(layer: index))));"
      )
    }
    body += [
      "            color = mix(color, encode(rgb), alpha);",
      "        }",
      "    }",
    ]
    return body
  }

  /// The lines that set `rgb` (and for RGBA pictures multiply `alpha`) from the picture at
  /// this position: unfiltered fetches of one texel for a pixel-aligned picture, filtered
  /// samples otherwise.
  private static func sampleLines(
    _ layer: LayerSampling, plane: (Int) -> String, uniform: String
  ) -> [String] {
    let indent = "            "
    let (shiftX, shiftY) = layer.layout.chromaShift
    let shift = "ivec2(\(shiftX), \(shiftY))"
    var lines: [String] = []
    let call: String
    if layer.aligned {
      lines.append(indent + "ivec2 texel = alignedTexel(\(uniform), position);")
      switch layer.layout {
      case .rgba8, .rgba8Premultiplied: call = ""
      case .nv12: call = "fetchSemiPlanar(\(plane(0)), \(plane(1)), texel)"
      case .yuv420p10, .yuv422p10, .yuv444p10:
        call = "fetchPlanarWide(\(plane(0)), \(plane(1)), \(plane(2)), texel, \(shift))"
      case .yuv420p8, .yuv422p8, .yuv444p8, .yuva420p8, .yuva444p8:
        call = "fetchPlanar(\(plane(0)), \(plane(1)), \(plane(2)), texel, \(shift))"
      }
    } else {
      switch layer.layout {
      case .rgba8, .rgba8Premultiplied: call = ""
      case .nv12: call = "sampleSemiPlanar(\(plane(0)), \(plane(1)), st)"
      case .yuv420p10, .yuv422p10, .yuv444p10:
        call = "samplePlanarWide(\(plane(0)), \(plane(1)), \(plane(2)), st)"
      case .yuv420p8, .yuv422p8, .yuv444p8, .yuva420p8, .yuva444p8:
        call = "samplePlanar(\(plane(0)), \(plane(1)), \(plane(2)), st)"
      }
    }
    if layer.layout == .rgba8 {
      return lines + [
        indent + "vec4 picture = \(fetch(plane(0), aligned: layer.aligned));",
        indent + "vec3 rgb = toRGB(\(uniform), picture.rgb);",
        indent + "alpha *= picture.a;",
      ]
    }
    if layer.layout == .rgba8Premultiplied {
      // Filtered premultiplied, then divided by alpha: a scaled picture's edges keep their
      // colour instead of darkening towards the transparent pixels' (usually black) colour.
      return lines + [
        indent + "vec4 picture = \(fetch(plane(0), aligned: layer.aligned));",
        indent + "vec3 rgb = toRGB(\(uniform), unpremultiply(picture));",
        indent + "alpha *= picture.a;",
      ]
    }
    return lines + [indent + "vec3 rgb = toRGB(\(uniform), \(call));"]
  }

  /// A full-size plane's value at this position: its texel when aligned, else filtered.
  private static func fetch(_ sampler: String, aligned: Bool) -> String {
    aligned ? "texelFetch(\(sampler), texel, 0)" : "texture(\(sampler), st)"
  }

  /// The expression for a matte's luma sample at this position, before range expansion. The
  /// matte is sampled filtered: it need not have the picture's size.
  private static func matteSample(_ layout: PlaneLayout, _ sampler: String) -> String {
    switch layout {
    case .rgba8: "dot(texture(\(sampler), st).rgb, vec3(0.2126, 0.7152, 0.0722))"
    case .yuv420p10, .yuv422p10, .yuv444p10: "wide(texture(\(sampler), st).rg)"
    default: "texture(\(sampler), st).r"
    }
  }
}

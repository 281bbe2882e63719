import Diagnostics
import ProjectFile
import RenderPlan
import Timeline

/// What resolving a project's time references gave: the spec to plan (nil after an error),
/// each reference beside its value for the plan, and the problems found.
struct ResolvedTimeReferences {
  var spec: ProjectSpec?
  var written: [WrittenTimePlan]
  var diagnostics: [Diagnostic]
}

extension PlanBuilder {
  /// The spec with every time written as a reference resolved (`TimeReferenceResolver`), and
  /// keyframes whose times were references checked for order once known.
  func resolvingTimeReferences() -> ResolvedTimeReferences {
    guard !spec.timeReferences.isEmpty else {
      return ResolvedTimeReferences(spec: spec, written: [], diagnostics: [])
    }
    var resolver = TimeReferenceResolver(builder: self)
    resolver.resolveAll()
    guard !resolver.diagnostics.hasErrors else {
      return ResolvedTimeReferences(spec: nil, written: [], diagnostics: resolver.diagnostics)
    }
    var byLocation: [SourceLocation: Rational] = [:]
    var written: [WrittenTimePlan] = []
    for field in resolver.fields.referenced {
      guard let value = resolver.values[field],
        let reference = resolver.fields.reference(of: field)
      else { continue }
      byLocation[reference.location] = value
      written.append(
        WrittenTimePlan(
          field: resolver.fields.describe(field), location: PlanLocation(reference.location),
          written: reference.text, seconds: value))
    }
    let resolved = spec.resolvingTimes(byLocation)
    var diagnostics = resolver.diagnostics
    for layer in resolved.drawnLayers {
      let subject = "layer '\(layer.name.value)'"
      let times = Set(TimeFields.keyframeTimes(of: layer).map(\.location))
      guard !times.isDisjoint(with: byLocation.keys) else { continue }
      diagnostics += layer.box?.keyframeOrderProblems(what: "\(subject) box", fps: fps) ?? []
      diagnostics += layer.opacity.keyframeOrderProblems(what: "\(subject) opacity", fps: fps)
      diagnostics += layer.rotation.keyframeOrderProblems(what: "\(subject) rotation", fps: fps)
    }
    return ResolvedTimeReferences(
      spec: diagnostics.hasErrors ? nil : resolved, written: written, diagnostics: diagnostics)
  }
}

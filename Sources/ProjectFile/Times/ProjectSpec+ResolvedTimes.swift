public import Diagnostics
public import Timeline

extension ProjectSpec {
  /// The spec with each time written as a reference replaced by what it resolved to
  /// (`values`, by the field's location), and no references left: the spec the planner plans.
  public func resolvingTimes(_ values: [SourceLocation: Rational]) -> ProjectSpec {
    var spec = self
    let resolve = ResolvedTimes(values: values)
    if case .exactly = spec.output.duration.value,
      let value = values[spec.output.duration.location]
    {
      spec.output.duration.value = .exactly(.seconds(value))
    }
    if var poster = spec.output.poster {
      resolve(&poster.at)
      spec.output.poster = poster
    }
    spec.layers = layers.map(resolve.layer)
    spec.audioTracks = audioTracks.map { track in
      var track = track
      resolve(&track.start)
      resolve(&track.duration)
      return track
    }
    spec.timeReferences = [:]
    return spec
  }
}

/// Resolved times put in their fields, field by field (`ProjectSpec.resolvingTimes`): the
/// fields a reference may be written in.
private struct ResolvedTimes {
  let values: [SourceLocation: Rational]

  func callAsFunction(_ time: inout Located<TimeValue>) {
    if let value = values[time.location] { time.value = .seconds(value) }
  }

  func callAsFunction(_ time: inout Located<TimeValue>?) {
    guard var value = time else { return }
    self(&value)
    time = value
  }

  func callAsFunction<Value>(_ animated: inout AnimatedSpec<Value>) {
    for index in animated.keyframes.indices { self(&animated.keyframes[index].at) }
  }

  func callAsFunction<Value>(_ animated: inout AnimatedSpec<Value>?) {
    guard var value = animated else { return }
    self(&value)
    animated = value
  }

  func layer(_ layer: LayerSpec) -> LayerSpec {
    var layer = layer
    self(&layer.start)
    self(&layer.duration)
    self(&layer.opacity)
    self(&layer.box)
    self(&layer.rotation)
    self(&layer.effects.blur)
    self(&layer.effects.cornerRadius)
    for key in layer.effects.adjustments.keys { self(&layer.effects.adjustments[key]) }
    if case .sequence(var sequence) = layer.content {
      sequence.items = sequence.items.map(self.layer)
      layer.content = .sequence(sequence)
    }
    return layer
  }
}

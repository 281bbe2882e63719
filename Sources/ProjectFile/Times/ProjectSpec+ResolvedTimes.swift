public import Diagnostics
public import Timeline

extension ProjectSpec {
  /// The spec with each time written as a reference replaced by what it resolved to
  /// (`values`, by the field's location), and no references left: the spec the planner plans.
  public func resolvingTimes(_ values: [SourceLocation: Rational]) -> ProjectSpec {
    var spec = self
    // Fields that hold no reference have no entry in `values` and are left as they are.
    let resolve = TimeFieldWalk { time in
      if let value = values[time.location] { time.value = .seconds(value) }
    }
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
      resolve.clip(&track.clip)
      resolve.mix(&track.mix)
      return track
    }
    spec.timeReferences = [:]
    return spec
  }
}

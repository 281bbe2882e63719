public import Timeline

extension ProjectSpec {
  /// The spec with every time written in frames (`45f`) made seconds at `fps`: a child project
  /// is planned at its parent's frame rate, and its author counted its frames at its own.
  public func framesAsSeconds(fps: Rational) -> ProjectSpec {
    var spec = self
    let convert = TimeFieldWalk { $0.value = .seconds($0.value.seconds(fps: fps)) }
    if case .exactly(let time) = spec.output.duration.value {
      spec.output.duration.value = .exactly(.seconds(time.seconds(fps: fps)))
    }
    if var poster = spec.output.poster {
      convert(&poster.at)
      spec.output.poster = poster
    }
    spec.layers = layers.map(convert.layer)
    spec.timeReferences = timeReferences.mapValues { reference in
      var reference = reference
      reference.expression = reference.expression.framesAsSeconds(fps: fps)
      return reference
    }
    spec.audioTracks = audioTracks.map { track in
      var track = track
      convert(&track.start)
      convert(&track.duration)
      convert.clip(&track.clip)
      convert.mix(&track.mix)
      return track
    }
    return spec
  }
}

public import Timeline

extension ProjectSpec {
  /// The spec with every time written in frames (`45f`) made seconds at `fps`: a child project
  /// is planned at its parent's frame rate, and its author counted its frames at its own.
  public func framesAsSeconds(fps: Rational) -> ProjectSpec {
    var spec = self
    let convert = FrameTimes(fps: fps)
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

/// Frame times made seconds at one rate, field by field (`ProjectSpec.framesAsSeconds`).
private struct FrameTimes {
  let fps: Rational

  func callAsFunction(_ time: inout Located<TimeValue>) {
    time.value = .seconds(time.value.seconds(fps: fps))
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
    self(&layer.fadeIn)
    self(&layer.fadeOut)
    switch layer.content {
    case .video(var video):
      self.video(&video)
      layer.content = .video(video)
    case .project(var project):
      self.video(&project.video)
      layer.content = .project(project)
    case .sequence(var sequence):
      sequence.items = sequence.items.map(self.layer)
      for index in sequence.transitions.indices {
        guard var transition = sequence.transitions[index] else { continue }
        self(&transition.duration)
        sequence.transitions[index] = transition
      }
      layer.content = .sequence(sequence)
    case .image, .fill, .text, .captions:
      break
    }
    return layer
  }

  func video(_ video: inout VideoLayerSpec) {
    clip(&video.clip)
    mix(&video.audio)
  }

  func clip(_ clip: inout ClipSpec) {
    self(&clip.inPoint)
    self(&clip.outPoint)
  }

  func mix(_ mix: inout AudioMixSpec) {
    self(&mix.fadeIn)
    self(&mix.fadeOut)
    guard var duck = mix.duck else { return }
    self(&duck.attack)
    self(&duck.release)
    mix.duck = duck
  }
}

import Timeline

/// Every time field of a spec, each handed to `change`: the one walk over a spec's times, for
/// frames made seconds at a rate (`ProjectSpec.framesAsSeconds`) and references replaced by
/// what they resolved to (`ProjectSpec.resolvingTimes`), so a new time field is added once.
/// `output.duration` is not a `Located<TimeValue>` and is left to the caller.
struct TimeFieldWalk {
  let change: (inout Located<TimeValue>) -> Void

  func callAsFunction(_ time: inout Located<TimeValue>) {
    change(&time)
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

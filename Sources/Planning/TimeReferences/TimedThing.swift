import Diagnostics

/// A thing of the project a time may name, by its place in the spec: a layer (a sequence
/// too), a sequence's item, or an audio track.
enum TimedThing: Hashable {
  case layer(Int)
  case item(layer: Int, item: Int)
  case track(Int)
}

/// A time of the project that may be written as a reference: a thing's `start` or `duration`,
/// which other times may follow, or one nothing can follow (a keyframe's `at`,
/// `output.duration`), by its location.
enum TimeField: Hashable {
  case start(TimedThing)
  case duration(TimedThing)
  case leaf(SourceLocation)
}

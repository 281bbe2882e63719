/// A time that follows another thing of the project: `voice.end + 300ms`, `vo2.length + 0.5s`,
/// `intro.end - 1s + 2f` (docs/ARCHITECTURE.md, "Voice and words"). The thing is named here
/// as text; which thing it is, and its times, are for the planner to find.
public struct TimeExpression: Hashable, Sendable {
  /// Which time of the named thing the expression starts from.
  public enum Part: String, CaseIterable, Hashable, Sendable {
    /// Where it starts on its parent's clock.
    case start
    /// Where it ends: its start plus its length.
    case end
    /// Its own length: a duration, a clip's trimmed length, a child project's length.
    case length
  }

  /// A plain time added to or taken from the named time.
  public struct Term: Hashable, Sendable {
    /// True for `- 1s`.
    public var subtracts: Bool
    /// The time, as `TimeParser` reads it.
    public var time: TimeValue

    /// A term as written.
    public init(subtracts: Bool, time: TimeValue) {
      self.subtracts = subtracts
      self.time = time
    }
  }

  /// The named layer, audio track or sequence item.
  public var name: String
  /// Which of its times.
  public var part: Part
  /// The plain times after it, in order.
  public var terms: [Term]

  /// An expression as written.
  public init(name: String, part: Part, terms: [Term]) {
    self.name = name
    self.part = part
    self.terms = terms
  }

  /// `NAME.part`, as messages name what the expression needs.
  public var reference: String { "\(name).\(part.rawValue)" }

  /// The value when the named time is `named`, frames counted at `fps`; nil when the exact
  /// result would not fit a rational's terms (no value a project can hold comes near).
  public func seconds(from named: Rational, fps: Rational) -> Rational? {
    var total = named
    for term in terms {
      let seconds = term.time.seconds(fps: fps)
      guard let sum = Rational.sumReportingOverflow(total, term.subtracts ? -seconds : seconds)
      else { return nil }
      total = sum
    }
    return total
  }

  /// The expression with every frame count made seconds at `fps`: a child project is planned
  /// at its parent's rate, and its author counted its frames at its own.
  public func framesAsSeconds(fps: Rational) -> TimeExpression {
    var expression = self
    expression.terms = terms.map {
      Term(subtracts: $0.subtracts, time: .seconds($0.time.seconds(fps: fps)))
    }
    return expression
  }
}

import Testing

/// The tags that keep the tests one runs while working (`scripts/test-fast`) apart from the rest.
extension Tag {
  /// Runs a program end to end as a user would (the built `chromake`, a player, a build tool)
  /// on media the test makes, and judges what it wrote: seconds per test, not milliseconds.
  @Tag public static var endToEnd: Self

  /// Runs in this process, without the `chromake` binary, but takes seconds: a long seeded
  /// search, or media big enough that its size is what the test is about.
  @Tag public static var slow: Self
}

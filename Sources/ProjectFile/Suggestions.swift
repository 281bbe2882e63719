/// "Did you mean" suggestions for misspelt keys, names and values.
public enum Suggestions {
  /// The candidate closest to `word` if it is close enough to be a plausible typo: at most a
  /// third of the word's letters changed (and at least one allowed).
  static func closest(to word: String, among candidates: [String]) -> String? {
    let limit = max(1, word.count / 3)
    let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
    return best.0
  }

  /// Optimal string alignment distance: Levenshtein plus adjacent transpositions ("opcaity").
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }

  /// `"did you mean 'x'?"` or `nil`.
  public static func help(for word: String, among candidates: [String]) -> String? {
    closest(to: word, among: candidates).map { "did you mean '\($0)'?" }
  }
}

import Crypto
import Foundation

/// What a piece of speech is made from, and so what it is cached by: the engine's identity,
/// the voice, the rate and the text. Two requests with the same key get the same file, made
/// once; any change to one of the four makes another.
public struct SpeechRequest: Sendable, Equatable {
  /// The engine and everything that makes its speech what it is: espeak-ng's version and voice
  /// data digest (`SpeechEngineIdentity`), or a command's words and its executable's digest.
  public var engineIdentity: String
  /// The voice, as the engine names it.
  public var voice: String
  /// The rate, 0.5 to 2.
  public var rate: SpeechRate
  /// The text, exactly as spoken.
  public var text: String

  /// A request.
  public init(engineIdentity: String, voice: String, rate: SpeechRate, text: String) {
    self.engineIdentity = engineIdentity
    self.voice = voice
    self.rate = rate
    self.text = text
  }

  /// The version of the key's layout and of what chromake does to an engine's speech before
  /// keeping it (espeak-ng's closing pause cut, words aligned): a change to either must change
  /// this, so that every entry is made again rather than an old one read with a new meaning.
  /// 2: the closing pause is cut 10 ms after the last sound.
  static let layout = "chromake speech 2"

  /// The cache key: SHA-256 over the four parts, each with its length before it, so no two
  /// different requests can be the same bytes (`"ab" + "c"` is not `"a" + "bc"`).
  public var key: String {
    var hasher = SHA256()
    let rateText = String(rate.value)
    for part in [Self.layout, engineIdentity, voice, rateText, text] {
      let bytes = Data(part.utf8)
      hasher.update(data: Data("\(bytes.count):".utf8))
      hasher.update(data: bytes)
    }
    return hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }
}

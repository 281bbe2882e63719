internal import CEspeakNG

// The one throw funnel for espeak-ng's library: a failing call becomes a `SpeechError` naming
// it, with espeak-ng's result code in words.

/// Throws if an espeak-ng call did not return `EE_OK`.
func checkEspeak(_ result: espeak_ERROR, _ function: String) throws(SpeechError) {
  switch result {
  case EE_OK: return
  case EE_BUFFER_FULL: throw .libraryFailed(function: function, reason: "its buffer is full")
  case EE_NOT_FOUND: throw .libraryFailed(function: function, reason: "not found")
  default:
    throw .libraryFailed(function: function, reason: "internal error (\(result.rawValue))")
  }
}

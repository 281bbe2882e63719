internal import CFFmpeg

/// An owned options dictionary (AVDictionary) for an FFmpeg call, freed when released.
final class FFmpegOptions {
  /// The dictionary. FFmpeg calls take it `inout`: they may replace it with the entries
  /// they did not use, which this object then owns and frees.
  var dictionary: OpaquePointer?

  /// Creates a dictionary holding `entries`.
  init(_ entries: KeyValuePairs<String, String>) throws(MediaError) {
    for (key, value) in entries {
      try check(av_dict_set(&dictionary, key, value, 0), "av_dict_set")
    }
  }

  /// Creates a dictionary holding `entries`, set in key order.
  init(_ entries: [String: String]) throws(MediaError) {
    for key in entries.keys.sorted() {
      try check(av_dict_set(&dictionary, key, entries[key], 0), "av_dict_set")
    }
  }

  deinit {
    av_dict_free(&dictionary)
  }
}

/// The bounds a project file is held to, so that a file nobody checked (a render service's
/// upload, a batch over user data) cannot make chromake run for ever or exhaust memory. Each is
/// far above what a real project needs, documented in the README, and reported as a located
/// error when crossed.
public enum ProjectLimits {
  /// The largest project file read, in bytes.
  public static let fileBytes = 4 << 20
  /// How deeply mappings and lists may nest.
  public static let nesting = 64
  /// How many aliases (`*name`) a file may use.
  public static let aliases = 1_000
  /// How many nodes the document may have once every alias is expanded: an alias repeats its
  /// anchor's whole subtree, so ten aliases of ten aliases of … grow exponentially.
  public static let expandedNodes = 200_000
  /// How many `{{name}}` placeholders the file may hold.
  public static let placeholders = 10_000
  /// The most characters a text layer may show, after substitution: a longer text cannot be
  /// read on a video frame, and typesetting it would take seconds.
  public static let textCharacters = 5_000
  /// The largest side of the picture a text layer is set in (its box, or its largest box when
  /// the box moves): as large as the largest frame, and a picture FFmpeg and memory can hold.
  public static let textPictureSide = 8192
  /// The most pixels the text pictures of one project may hold together (the text and captions
  /// layers' largest boxes): one picture of the largest size, about 270 MB as RGBA, so that
  /// many large boxes cannot exhaust memory however small the output.
  public static let textPicturePixels = 8192 * 8192
  /// The largest subtitle file a captions layer reads, in bytes: a feature film's is well under
  /// one megabyte.
  public static let subtitleBytes = 4 << 20
  /// The longest text a `speak` track says, in bytes of UTF-8: some 3,000 words, 18 minutes
  /// at the default rate, far beyond a voice-over (the speech engine's own limit too).
  public static let speechTextBytes = 20_000
  /// The most text all of a project's `speak` tracks say together, in bytes of UTF-8: about
  /// 90 minutes of speech, which `check` makes (a project of many long tracks is refused
  /// before any is spoken).
  public static let speechTextBytesInAll = 100_000
  /// How many speech engines a project may declare.
  public static let engines = 32
  /// How many words one engine's command may have.
  public static let engineArguments = 256
  /// The most characters one cue may show: captions guidelines keep a cue to two lines of about
  /// 42 characters, and every page of cues is measured while planning.
  public static let captionCharacters = 1_000
  /// The most characters a captions layer's pages may hold in all (a feature film's cues hold
  /// about 100,000): each page is measured while planning, so this bounds what `check` spends,
  /// as the limits on text layers do.
  public static let captionPageCharacters = 1_000_000
  /// How many cues a captions layer may show: a three-hour film has about two thousand.
  public static let captionCues = 20_000
  /// How many words a word-timed transcript may hold: an hour of speech has about ten
  /// thousand, and every word is placed on a page and measured while planning.
  public static let transcriptWords = 100_000
  /// How many cues may show at once, stacked: more could not be read.
  public static let stackedCues = 8
  /// How many child project renderers a render may run at once, grandchildren's included:
  /// each is a thread, a GPU context and a compositor. Uses of one child with the same timing
  /// share one.
  public static let childRenderers = 64
  /// The most pixels those renderers' pictures may hold together: one picture of the largest
  /// size (a child renderer holds about 14 bytes a pixel, so about 0.9 GB).
  public static let childPixels = 8192 * 8192
  /// The largest batch data file read, in bytes: a hundred thousand rows of a dozen cells.
  public static let dataBytes = 64 << 20
  /// How many visual layers a project may have.
  public static let layers = 1_000
  /// How many audio tracks a project may have.
  public static let audioTracks = 1_000
}

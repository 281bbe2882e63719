internal import CFFmpeg

/// Turns BGRA frames into GIF's 256-colour frames with libavfilter's `palettegen` and
/// `paletteuse`: a palette made for each frame from its own colours (so a render streams,
/// never holding the whole video), error-diffusion dithered (Sierra-2-4A). Where the output
/// keeps alpha, one entry is kept for transparency and a pixel is transparent where its alpha
/// is under one half. The same graph people run as `ffmpeg -vf palettegen,paletteuse`.
final class GIFPalette {
  private var graph: UnsafeMutablePointer<AVFilterGraph>?
  private let source: UnsafeMutablePointer<AVFilterContext>
  private let sink: UnsafeMutablePointer<AVFilterContext>

  init(width: Int, height: Int, timeBase: AVRational, alpha: Bool) throws(MediaError) {
    guard let graph = avfilter_graph_alloc() else { throw .outOfMemory("avfilter_graph_alloc") }
    self.graph = graph
    // One thread: the filters' own threads would only contend with the compositor's.
    graph.pointee.nb_threads = 1
    let arguments =
      "video_size=\(width)x\(height):pix_fmt=\(AV_PIX_FMT_BGRA.rawValue)"
      + ":time_base=\(timeBase.num)/\(timeBase.den):pixel_aspect=1/1"
    var source: UnsafeMutablePointer<AVFilterContext>?
    var sink: UnsafeMutablePointer<AVFilterContext>?
    do throws(MediaError) {
      try check(
        avfilter_graph_create_filter(
          &source, avfilter_get_by_name("buffer"), "in", arguments, nil, graph),
        "avfilter_graph_create_filter")
      try check(
        avfilter_graph_create_filter(
          &sink, avfilter_get_by_name("buffersink"), "out", nil, nil, graph),
        "avfilter_graph_create_filter")
      guard let source, let sink else {
        throw .ffmpeg(call: "avfilter_graph_create_filter", code: -1, message: "no filter")
      }
      self.source = source
      self.sink = sink
      let description =
        "split[a][b];[a]palettegen=stats_mode=single:reserve_transparent=\(alpha ? 1 : 0)[p];"
        + "[b][p]paletteuse=new=1:alpha_threshold=128:dither=sierra2_4a"
      // The graph's open ends: its input "in" fed by the source, its output "out" read by
      // the sink. Parsing leaves in these lists whatever it did not link; both are freed after.
      var outputs = avfilter_inout_alloc()
      var inputs = avfilter_inout_alloc()
      defer {
        avfilter_inout_free(&outputs)
        avfilter_inout_free(&inputs)
      }
      guard let opened = outputs, let closed = inputs else {
        throw .outOfMemory("avfilter_inout_alloc")
      }
      opened.pointee.name = av_strdup("in")
      opened.pointee.filter_ctx = source
      closed.pointee.name = av_strdup("out")
      closed.pointee.filter_ctx = sink
      try check(
        avfilter_graph_parse_ptr(graph, description, &inputs, &outputs, nil),
        "avfilter_graph_parse_ptr")
      try check(avfilter_graph_config(graph, nil), "avfilter_graph_config")
    } catch {
      avfilter_graph_free(&self.graph)
      throw error
    }
  }

  deinit {
    avfilter_graph_free(&graph)
  }

  /// Hands the graph `frame` (BGRA, not taken), or nil at the end, and returns every 8-bit
  /// palette frame it has ready; the caller frees them.
  func filter(_ frame: UnsafeMutablePointer<AVFrame>?) throws(MediaError)
    -> [UnsafeMutablePointer<AVFrame>]
  {
    try check(
      av_buffersrc_add_frame_flags(source, frame, Int32(AV_BUFFERSRC_FLAG_KEEP_REF)),
      "av_buffersrc_add_frame_flags")
    var ready: [UnsafeMutablePointer<AVFrame>] = []
    while true {
      guard let out = av_frame_alloc() else { throw .outOfMemory("av_frame_alloc") }
      let step: FFmpegStep
      do {
        step = try checkStep(av_buffersink_get_frame(sink, out), "av_buffersink_get_frame")
      } catch {
        var freed: UnsafeMutablePointer<AVFrame>? = out
        av_frame_free(&freed)
        throw error
      }
      guard step == .ready else {
        var freed: UnsafeMutablePointer<AVFrame>? = out
        av_frame_free(&freed)
        return ready
      }
      ready.append(out)
    }
  }
}

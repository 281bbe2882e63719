internal import CFFmpeg

/// Writes one RGBA picture, 8 bits per channel, as a PNG file: the preview that
/// `chromake frame` saves.
///
/// By default the alpha channel is dropped and the file is RGB, since a composited video frame
/// is opaque; `keepAlpha` writes RGBA with the alpha as given (straight, not premultiplied).
public enum PNGWriter {
  /// Encodes `width × height` pixels from `rgba` and writes them to `path`, replacing any file
  /// there.
  ///
  /// Row 0 of `rgba` is the top row of the picture; row `y` starts at `y × bytesPerRow`, and
  /// bytes after a row's `4 × width` are ignored. The file is written under a temporary name
  /// beside `path` and renamed over it only when complete, so a failed write leaves an earlier
  /// file at `path` as it was and no partial file behind.
  ///
  /// A missing folder throws `.fileNotFound` naming the folder; a folder where the file should
  /// go throws `.unreadable`; anything FFmpeg or the file system refuses (a size the encoder
  /// does not take, a folder without write permission) throws `.ffmpeg` naming the call.
  public static func write(
    rgba: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int, to path: String,
    keepAlpha: Bool = false
  ) throws(MediaError) {
    FFmpegLog.silence()
    let file = try PartialFile(path: path)
    try encode(
      rgba: rgba, width: width, height: height, bytesPerRow: bytesPerRow, keepAlpha: keepAlpha
    ) { file.write($0) }
    try file.commit()
  }

  /// The PNG file `write(rgba:width:height:bytesPerRow:to:keepAlpha:)` writes, as bytes: the
  /// same encoder and settings, so the bytes are the file's.
  public static func encoded(
    rgba: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
    keepAlpha: Bool = false
  ) throws(MediaError) -> [UInt8] {
    FFmpegLog.silence()
    var bytes: [UInt8] = []
    try encode(
      rgba: rgba, width: width, height: height, bytesPerRow: bytesPerRow, keepAlpha: keepAlpha
    ) { bytes.append(contentsOf: $0) }
    return bytes
  }

  private static func encode(
    rgba: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int, keepAlpha: Bool,
    into write: (UnsafeRawBufferPointer) -> Void
  ) throws(MediaError) {
    precondition(width > 0 && height > 0, "a PNG needs a positive size, not \(width)x\(height)")
    precondition(bytesPerRow >= 4 * width, "a row of \(width) RGBA pixels needs \(4 * width) bytes")
    precondition(
      rgba.count >= bytesPerRow * (height - 1) + 4 * width,
      "\(rgba.count) bytes hold fewer than \(height) rows of \(bytesPerRow) bytes")
    let format = keepAlpha ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGB24
    let encoder = try makeEncoder(width: width, height: height, format: format)
    let frame = try picture(
      rgba, width: width, height: height, bytesPerRow: bytesPerRow, format: format)
    try encodeOne(frame, with: encoder, named: "PNG", into: write)
  }

  /// Encodes `frame` alone with `encoder` (a still-picture encoder, whose one packet is the
  /// whole file) and hands the file's bytes to `write`.
  static func encodeOne(
    _ frame: DecoderFrame, with encoder: EncoderContext, named name: String,
    into write: (UnsafeRawBufferPointer) -> Void
  ) throws(MediaError) {
    try check(avcodec_send_frame(encoder.pointer, frame.pointer), "avcodec_send_frame")
    try check(avcodec_send_frame(encoder.pointer, nil), "avcodec_send_frame")
    let packet = try Packet()
    var packets = 0
    while try encoder.receive(into: packet) == .ready {
      let data = packet.pointer.pointee
      write(UnsafeRawBufferPointer(start: data.data, count: Int(data.size)))
      packet.clear()
      packets += 1
    }
    // An encoder that gave nothing would leave an empty file that looks finished.
    guard packets > 0 else {
      throw .ffmpeg(
        call: "avcodec_receive_packet", code: FFmpegCode.endOfFile,
        message: "the \(name) encoder gave no picture")
    }
  }

  /// A PNG encoder for `width × height` pictures in `format`, opened.
  private static func makeEncoder(width: Int, height: Int, format: AVPixelFormat)
    throws(MediaError) -> EncoderContext
  {
    let encoder = try EncoderContext(encoderNamed: "png")
    let context = encoder.pointer
    context.pointee.width = Int32(clamping: width)
    context.pointee.height = Int32(clamping: height)
    context.pointee.pix_fmt = format
    // A still picture has no timing, but libavcodec refuses to open an encoder without a
    // time base.
    context.pointee.time_base = AVRational(num: 1, den: 1)
    // Choosing the filter row by row, as libpng does, makes rendered frames noticeably
    // smaller than FFmpeg's default of no filter, for little extra time.
    try encoder.open(FFmpegOptions(["pred": "mixed"]))
    return encoder
  }

  /// A frame in its own buffer holding the picture in `format`: the RGBA bytes as they are,
  /// as BGRA, or with the alpha byte of every pixel left out. Where alpha is kept, a fully
  /// transparent pixel is black (`TransparentPixels`).
  static func picture(
    _ rgba: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
    format: AVPixelFormat
  ) throws(MediaError) -> DecoderFrame {
    let frame = try DecoderFrame()
    frame.pointer.pointee.format = format.rawValue
    frame.pointer.pointee.width = Int32(clamping: width)
    frame.pointer.pointee.height = Int32(clamping: height)
    try check(av_frame_get_buffer(frame.pointer, 0), "av_frame_get_buffer")
    let (data, stride) = frame.plane(0)
    guard let data, let source = rgba.baseAddress else {
      preconditionFailure("av_frame_get_buffer left plane 0 without memory")
    }
    // Where each of the frame's bytes comes from in an RGBA pixel, made once for the picture.
    let order = format == AV_PIX_FMT_BGRA ? [2, 1, 0, 3] : [0, 1, 2]
    let step = order.count
    for y in 0..<height {
      let from = source.advanced(by: y * bytesPerRow)
      let to = UnsafeMutableRawPointer(data.advanced(by: y * stride))
      if format == AV_PIX_FMT_RGBA {
        to.copyMemory(from: from, byteCount: 4 * width)
        continue
      }
      for x in 0..<width {
        for channel in 0..<step {
          to.storeBytes(
            of: from.load(fromByteOffset: 4 * x + order[channel], as: UInt8.self),
            toByteOffset: step * x + channel, as: UInt8.self)
        }
      }
    }
    TransparentPixels.clear(frame.pointer)
    return frame
  }
}

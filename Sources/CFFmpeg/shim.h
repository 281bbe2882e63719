// The FFmpeg headers Chromake's Media module needs, plus static inline wrappers for the
// macros Swift cannot import (function-like macros and macros built from other macros).
#ifndef CHROMAKE_CFFMPEG_SHIM_H
#define CHROMAKE_CFFMPEG_SHIM_H

#include <errno.h>
#include <stdio.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

// AVERROR is a function-like macro, so Swift cannot import AVERROR(EAGAIN) ("try again").
static inline int chromake_averror_eagain(void) { return AVERROR(EAGAIN); }

// AVERROR_EOF is built with FFERRTAG, a function-like macro, so Swift cannot import it.
static inline int chromake_averror_eof(void) { return AVERROR_EOF; }

// AVERROR(e) for any errno value, for the same reason as chromake_averror_eagain.
static inline int chromake_averror(int errnum) { return AVERROR(errnum); }

// AVERROR_INVALIDDATA is built with FFERRTAG, a function-like macro, so Swift cannot import it.
static inline int chromake_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }

// AVERROR_STREAM_NOT_FOUND is built with FFERRTAG, a function-like macro, so Swift cannot import it.
static inline int chromake_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }

// AV_NOPTS_VALUE is a cast expression ((int64_t)UINT64_C(0x8000000000000000)), which Swift skips.
static inline int64_t chromake_nopts_value(void) { return AV_NOPTS_VALUE; }

// AV_TIME_BASE_Q is a compound literal, which Swift cannot import.
static inline AVRational chromake_time_base_q(void) { return AV_TIME_BASE_Q; }

// av_err2str is a macro around a compound-literal buffer; this fills a caller-owned buffer
// instead (AV_ERROR_MAX_STRING_SIZE bytes are enough) and always NUL-terminates it.
static inline void chromake_error_text(int errnum, char *buffer, size_t size) {
  if (size == 0) return;
  if (av_strerror(errnum, buffer, size) < 0) {
    snprintf(buffer, size, "FFmpeg error %d", errnum);
  }
  buffer[size - 1] = '\0';
}

// AVERROR_ENCODER_NOT_FOUND is built with FFERRTAG, a function-like macro, so Swift cannot import it.
static inline int chromake_averror_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }

// AVERROR_DECODER_NOT_FOUND is built with FFERRTAG, a function-like macro, so Swift cannot import it.
static inline int chromake_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }

#endif

// The ffmpeg command lines of the egress (pure, so they are tested without running anything).
//
// One composition feeds every output: the recorder page's MediaRecorder stream (Matroska,
// H.264 + Opus) goes into ONE "hub" ffmpeg that copies the video and encodes the audio to AAC
// once, writing MPEG-TS; every output is then a cheap ffmpeg that copies that TS into its
// container (fragmented MP4, FLV over RTMP, HLS). MPEG-TS can be joined at any packet, so an
// output added later starts cleanly at the next key frame (stream copy drops the non-key frames
// before it), and each output fails on its own.

/** The hub: Matroska from the page on stdin → H.264 (copied) + AAC in MPEG-TS on stdout. */
export function hubArgs(): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    // Low delay: no probing beyond what the stream's header says. Not `-fflags +nobuffer`: it
    // drops the packets read while probing (measured: the first 2.5-3.5 s of video, and audio
    // and video then offset differently).
    ...['-fflags', '+genpts', '-probesize', '32768', '-analyzeduration', '0'],
    // The page's own timestamps go through unchanged (-copyts, -mpegts_copyts): a file output
    // maps a request's wall-clock moment to media time with the page's clock (segment-feed.ts).
    ...['-copyts', '-f', 'matroska', '-i', 'pipe:0'],
    ...['-map', '0:v:0', '-map', '0:a:0'],
    // SPS/PPS before every key frame, so an output joining mid-stream can decode.
    ...['-c:v', 'copy', '-bsf:v', 'h264_mp4toannexb,dump_extra=freq=keyframe'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2'],
    ...['-f', 'mpegts', '-mpegts_copyts', '1', '-flush_packets', '1', '-muxdelay', '0', 'pipe:1'],
  ];
}

/** What every output ffmpeg shares: TS on stdin, progress lines on stdout. */
function outputInput(): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ...['-progress', 'pipe:1', '-stats_period', '0.5'],
    // Probe just over one key-frame interval (1 s): the default 5 s would hold the output back
    // (its content starts when it is spawned, its header only after probing).
    ...['-analyzeduration', '1500000', '-f', 'mpegts', '-i', 'pipe:0'],
    ...['-map', '0:v:0', '-map', '0:a:0', '-c', 'copy'],
  ];
}

/**
 * One segment of a file output: fragmented MP4 (a fragment per key frame), so the file is
 * playable up to the last fragment written even if everything dies.
 */
export function fileSegmentArgs(file: string): string[] {
  return [
    ...outputInput(),
    ...['-bsf:a', 'aac_adtstoasc'],
    ...['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof'],
    ...['-y', file],
  ];
}

/** Concatenates a file output's segments (paused time left out) into one MP4 with its index first. */
export function concatArgs(listFile: string, out: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ...['-f', 'concat', '-safe', '0', '-i', listFile],
    ...['-map', '0', '-c', 'copy', '-movflags', '+faststart'],
    ...['-f', 'mp4', '-y', out],
  ];
}

/** An RTMP/RTMPS destination. SECURITY: `url` holds the stream key; never log these args. */
export function rtmpArgs(url: string): string[] {
  return [...outputInput(), ...['-f', 'flv', '-flvflags', 'no_duration_filesize', url]];
}

/**
 * HLS with 1 s segments (the page makes a key frame every second). The window is 12 segments and
 * a segment stays on disk 6 more after it leaves the playlist: a viewer on a slow machine or
 * link (measured: a starved headless viewer refreshing the playlist every 4-5 s) then still
 * finds the segment its last playlist named, instead of a 404 and hls.js jumping to the live
 * edge again and again without ever playing (issue 12, e2e calls/watch-page.spec.ts).
 */
export function hlsArgs(dir: string): string[] {
  return [
    ...outputInput(),
    ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '12', '-hls_delete_threshold', '6'],
    ...['-hls_flags', 'delete_segments+independent_segments+program_date_time+temp_file'],
    ...['-hls_segment_filename', `${dir}/segment-%06d.ts`],
    `${dir}/index.m3u8`,
  ];
}

/** SECURITY: what may be logged of an ffmpeg command line — RTMP URLs lose path and query. */
export function redactArgs(args: readonly string[]): string[] {
  return args.map((a) => (/^rtmps?:\/\//i.test(a) ? redactUrl(a) : a));
}

/** `rtmp://host:port/app/KEY?x` → `rtmp://host:port/…` (the key is anywhere after the host). */
export function redactUrl(url: string): string {
  const m = /^(rtmps?:\/\/[^/?#]*)/i.exec(url);
  return m ? `${m[1]}/…` : '…';
}

/** Removes RTMP URLs from any text (ffmpeg's stderr names its output). */
export function redactText(text: string): string {
  return text.replace(/rtmps?:\/\/[^\s'"]+/gi, (u) => redactUrl(u));
}

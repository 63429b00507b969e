import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VIDEO_MAX_SECONDS } from '@burti/shared';
import { AppError } from './errors.js';

/**
 * Uploaded videos, made safe with ffmpeg (Debian's `ffmpeg` package: `ffmpeg` and `ffprobe` on the PATH):
 * - probed first: it must hold a video stream in a codec browsers play (H.264, HEVC, VP8, VP9, AV1), last at
 *   most {@link VIDEO_MAX_SECONDS} seconds and be at most {@link VIDEO_MAX_SIDE} px on its longest side;
 * - remuxed into a fresh container (MP4 with the index in front for MP4 and QuickTime uploads, WebM for WebM),
 *   keeping the first video and first audio stream only, with `-map_metadata -1`, `-map_chapters -1` and
 *   bit-exact muxing: no location (`©xyz`), device, software or creation time survives, and neither do data,
 *   subtitle or attachment streams. The video stream is copied (no quality loss, little CPU); audio is
 *   re-encoded (AAC or Opus), which also drops anything hidden in it;
 * - decoded in full: bytes that only look like a video (an `ftyp` box in front of HTML, say) are refused;
 * - its first frame becomes the poster (JPEG, at most 1280 px wide), stored beside the video.
 * Anything that fails is UNSUPPORTED_MEDIA (415), never a 500.
 */
export const VIDEO_MAX_SIDE = 4096;
const PLAYABLE_CODECS = new Set(['h264', 'hevc', 'vp8', 'vp9', 'av1']);
const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1']);
const TIMEOUT_MS = 60_000;
const BAD_VIDEO = 'Please select a valid video file';

export type ProcessedVideo = {
  body: Buffer;
  ext: 'mp4' | 'webm';
  contentType: 'video/mp4' | 'video/webm';
  poster: Buffer;
  durationSeconds: number;
  width: number;
  height: number;
};

type Probe = {
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string }[];
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
};

function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(error instanceof Error ? error : new Error(`${command} failed`));
      else resolve({ stdout, stderr });
    });
  });
}

export async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  return JSON.parse(stdout) as Probe;
}

export async function processVideo(data: Buffer, uploadedAs: 'mp4' | 'webm' | 'mov'): Promise<ProcessedVideo> {
  const dir = await mkdtemp(join(tmpdir(), 'burti-video-'));
  try {
    const input = join(dir, `input.${uploadedAs}`);
    await writeFile(input, data);
    const info = await probe(input).catch(() => {
      throw new AppError('UNSUPPORTED_MEDIA', BAD_VIDEO);
    });
    const video = info.streams?.find((stream) => stream.codec_type === 'video');
    if (!video?.codec_name || !PLAYABLE_CODECS.has(video.codec_name) || !video.width || !video.height) {
      throw new AppError('UNSUPPORTED_MEDIA', BAD_VIDEO);
    }
    if (Math.max(video.width, video.height) > VIDEO_MAX_SIDE) {
      throw new AppError('UNSUPPORTED_MEDIA', 'This video is too large to process');
    }
    const duration = Number(info.format?.duration ?? video.duration);
    if (!Number.isFinite(duration) || duration <= 0) throw new AppError('UNSUPPORTED_MEDIA', BAD_VIDEO);
    if (duration > VIDEO_MAX_SECONDS) {
      throw new AppError('UNSUPPORTED_MEDIA', `Videos can be at most ${VIDEO_MAX_SECONDS / 60} minutes long`);
    }

    const webm = uploadedAs === 'webm' && WEBM_CODECS.has(video.codec_name);
    if (uploadedAs === 'webm' && !webm) throw new AppError('UNSUPPORTED_MEDIA', BAD_VIDEO);
    const output = join(dir, webm ? 'clean.webm' : 'clean.mp4');
    const poster = join(dir, 'poster.jpg');
    try {
      await run('ffmpeg', [
        '-v',
        'error',
        '-nostdin',
        '-y',
        '-i',
        input,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-map_metadata',
        '-1',
        '-map_metadata:s',
        '-1',
        '-map_chapters',
        '-1',
        '-c:v',
        'copy',
        ...(webm ? ['-c:a', 'libopus', '-b:a', '96k'] : ['-c:a', 'aac', '-b:a', '128k']),
        '-fflags',
        '+bitexact',
        '-flags:v',
        '+bitexact',
        '-flags:a',
        '+bitexact',
        ...(webm ? ['-f', 'webm'] : ['-movflags', '+faststart', '-f', 'mp4']),
        output,
      ]);
      // Decodes every frame of what we would store: a stream that is not really video fails here.
      await run('ffmpeg', ['-v', 'error', '-nostdin', '-xerror', '-i', output, '-map', '0:v:0', '-f', 'null', '-']);
      await run('ffmpeg', [
        '-v',
        'error',
        '-nostdin',
        '-y',
        '-i',
        output,
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-vf',
        "scale='min(1280,iw)':-2",
        '-map_metadata',
        '-1',
        '-fflags',
        '+bitexact',
        '-flags:v',
        '+bitexact',
        '-q:v',
        '4',
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        poster,
      ]);
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA', BAD_VIDEO);
    }
    return {
      body: await readFile(output),
      ext: webm ? 'webm' : 'mp4',
      contentType: webm ? 'video/webm' : 'video/mp4',
      poster: await readFile(poster),
      durationSeconds: duration,
      width: video.width,
      height: video.height,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

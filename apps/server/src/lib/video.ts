import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { VIDEO_MAX_SECONDS } from '@burti/shared';
import { AppError } from './errors.js';

/**
 * Uploaded videos, made safe with ffmpeg ({@link videoTools}: the system's `ffmpeg` and `ffprobe` on the PATH,
 * Debian's patched package in the image; else the static builds that `@ffmpeg-installer/ffmpeg` and
 * `@ffprobe-installer/ffprobe` ship, so a machine with nothing but Node processes videos too):
 * - probed first: it must hold a video stream in a codec browsers play (H.264, HEVC, VP8, VP9, AV1), last at
 *   most {@link VIDEO_MAX_SECONDS} seconds and be at most {@link VIDEO_MAX_SIDE} px on its longest side;
 * - remuxed into a fresh container (MP4 with the index in front for MP4 and QuickTime uploads, WebM for WebM),
 *   keeping the first video and first audio stream only, with `-map_metadata -1`, `-map_chapters -1` and
 *   bit-exact muxing: no location (`©xyz`), device, software or creation time survives, and neither do data,
 *   subtitle or attachment streams. The video stream is copied (no quality loss, little CPU); audio is
 *   re-encoded (AAC or Opus), which also drops anything hidden in it;
 * - decoded in full: bytes that only look like a video (an `ftyp` box in front of HTML, say) are refused;
 * - its first frame becomes the poster (JPEG, at most 1280 px wide), stored beside the video.
 * Anything in the file that fails is UNSUPPORTED_MEDIA (415), never a 500. A server without either tool (or one
 * that cannot run them) answers VIDEO_PROCESSING_UNAVAILABLE (503): the fan's file is not to blame.
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

/** Where the two programs are, and whose they are. */
export type VideoTools =
  | { available: true; ffmpeg: string; ffprobe: string; source: { ffmpeg: ToolSource; ffprobe: ToolSource } }
  | { available: false; reason: string };
/** `system`: found on the PATH; `npm`: the binary an npm package ships (`@ffmpeg-installer/…`). */
export type ToolSource = 'system' | 'npm';

const TOOL_PACKAGES = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' } as const;
type ToolName = keyof typeof TOOL_PACKAGES;

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function onPath(name: ToolName, pathVariable: string): string | undefined {
  const file = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of pathVariable.split(delimiter)) {
    if (dir && isExecutable(join(dir, file))) return join(dir, file);
  }
  return undefined;
}

const requireHere = createRequire(import.meta.url);
/** The binary an npm package ships for this platform, if it is installed and can be run. */
function fromPackage(name: ToolName): string | undefined {
  try {
    // Both packages throw (a string, not an Error) on a platform they have no build for.
    const path = (requireHere(TOOL_PACKAGES[name]) as { path?: unknown }).path;
    return typeof path === 'string' && isExecutable(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Finds `ffmpeg` and `ffprobe`: each on `pathVariable` (the PATH) first, else from its npm package. `packages:
 * false` leaves the npm packages out (a test of the "nothing found" case).
 */
export function findVideoTools(pathVariable = process.env.PATH ?? '', { packages = true } = {}): VideoTools {
  const find = (name: ToolName) => {
    const system = onPath(name, pathVariable);
    if (system) return { path: system, source: 'system' as const };
    const packaged = packages ? fromPackage(name) : undefined;
    return packaged ? { path: packaged, source: 'npm' as const } : undefined;
  };
  const ffmpeg = find('ffmpeg');
  const ffprobe = find('ffprobe');
  if (!ffmpeg || !ffprobe) {
    const missing = [!ffmpeg && 'ffmpeg', !ffprobe && 'ffprobe'].filter(Boolean).join(' and ');
    return {
      available: false,
      reason: `${missing} not found on the PATH nor in ${missing.includes('and') ? 'their npm packages' : 'its npm package'}`,
    };
  }
  return {
    available: true,
    ffmpeg: ffmpeg.path,
    ffprobe: ffprobe.path,
    source: { ffmpeg: ffmpeg.source, ffprobe: ffprobe.source },
  };
}

let found: VideoTools | undefined;
/** The tools this process uses, found once. */
export function videoTools(): VideoTools {
  found ??= findVideoTools();
  return found;
}

/** One line for the start-up log: which ffmpeg processes videos, and why that one. */
export function describeVideoTools(tools: VideoTools = videoTools()): string {
  if (!tools.available) return `videos cannot be processed: ${tools.reason}; video uploads answer 503`;
  const why = (source: ToolSource) =>
    source === 'system' ? 'the system’s, found on the PATH' : 'the npm package’s, as none is on the PATH';
  return `videos are processed with ffmpeg ${tools.ffmpeg} (${why(tools.source.ffmpeg)}) and ffprobe ${tools.ffprobe} (${why(tools.source.ffprobe)})`;
}

const unavailable = () => new AppError('VIDEO_PROCESSING_UNAVAILABLE');

function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve({ stdout, stderr });
      // The program itself is missing or cannot be run: the server's fault, not the file's.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EACCES') reject(unavailable());
      else reject(error instanceof Error ? error : new Error(`${command} failed`));
    });
  });
}

type AvailableTools = Extract<VideoTools, { available: true }>;

export async function probe(file: string, tools: AvailableTools = availableTools()): Promise<Probe> {
  const { stdout } = await run(tools.ffprobe, [
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

function availableTools(tools: VideoTools = videoTools()): AvailableTools {
  if (!tools.available) throw unavailable();
  return tools;
}

/** `using` picks the tools (a test of a server without them); by default, {@link videoTools}. */
export async function processVideo(
  data: Buffer,
  uploadedAs: 'mp4' | 'webm' | 'mov',
  using: VideoTools = videoTools(),
): Promise<ProcessedVideo> {
  const tools = availableTools(using);
  const dir = await mkdtemp(join(tmpdir(), 'burti-video-'));
  try {
    const input = join(dir, `input.${uploadedAs}`);
    await writeFile(input, data);
    const info = await probe(input, tools).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
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
      await run(tools.ffmpeg, [
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
      await run(tools.ffmpeg, ['-v', 'error', '-nostdin', '-xerror', '-i', output, '-map', '0:v:0', '-f', 'null', '-']);
      await run(tools.ffmpeg, [
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
    } catch (error) {
      if (error instanceof AppError) throw error;
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

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { videoTools } from '../src/lib/video.js';

const exec = promisify(execFile);

/** The same ffmpeg and ffprobe the server uses (the system's, else the npm packages'). */
function tool(name: 'ffmpeg' | 'ffprobe'): string {
  const tools = videoTools();
  if (!tools.available) throw new Error(`Video tests need ffmpeg and ffprobe: ${tools.reason}`);
  return tools[name];
}

/**
 * A real little video made by ffmpeg (a test pattern and a tone), as a phone would send it: `gps` writes the
 * location as a `©xyz` atom with the device's make and a creation time, in a file branded as MP4.
 */
export async function makeVideo({
  container = 'mp4',
  seconds = 1,
  gps = false,
  rate = 15,
  brand,
}: {
  container?: 'mp4' | 'webm' | 'mov';
  seconds?: number;
  gps?: boolean;
  rate?: number;
  brand?: string;
} = {}): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'burti-test-video-'));
  try {
    const out = join(dir, `video.${container}`);
    const codecs =
      container === 'webm'
        ? ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-c:a', 'libopus']
        : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
    const tags = gps
      ? [
          '-metadata',
          'location=+41.7151+044.8271/',
          '-metadata',
          'make=BurtiPhone',
          '-metadata',
          'creation_time=2024-05-01T10:00:00Z',
        ]
      : [];
    // The MOV muxer is the one that writes `©xyz`; the brand makes the file an MP4 as phones do.
    const format =
      container === 'webm'
        ? ['-f', 'webm']
        : ['-f', 'mov', ...(brand || container === 'mp4' ? ['-brand', brand ?? 'mp42'] : [])];
    await exec(tool('ffmpeg'), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=160x120:rate=${rate}`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-t',
      String(seconds),
      ...codecs,
      ...tags,
      ...format,
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What ffprobe says about a stored file: container tags and streams. */
export async function probeBytes(bytes: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'burti-test-probe-'));
  try {
    const file = join(dir, 'file');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, bytes));
    const { stdout } = await exec(tool('ffprobe'), [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      file,
    ]);
    return JSON.parse(stdout) as {
      format: { format_name: string; duration: string; tags?: Record<string, string> };
      streams: { codec_type: string; codec_name: string; tags?: Record<string, string> }[];
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { describeVideoTools, findVideoTools, processVideo, type VideoTools } from './video.js';
import { makeVideo, probeBytes } from '../../test/videos.js';

/** A folder holding an executable `ffmpeg` and `ffprobe` (shell scripts): a PATH on which both are "installed". */
let fakeBin: string;
beforeAll(async () => {
  fakeBin = await mkdtemp(join(tmpdir(), 'burti-fake-bin-'));
  for (const name of ['ffmpeg', 'ffprobe']) {
    await writeFile(join(fakeBin, name), '#!/bin/sh\nexit 1\n');
    await chmod(join(fakeBin, name), 0o755);
  }
});
afterAll(async () => rm(fakeBin, { recursive: true, force: true }));

async function expectAppError(promise: Promise<unknown>, code: string, status: number) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code, status });
  return error as AppError;
}

describe('finding ffmpeg and ffprobe', () => {
  it('prefers the system’s, found on the PATH', () => {
    const tools = findVideoTools(`/nonexistent${process.platform === 'win32' ? ';' : ':'}${fakeBin}`);
    expect(tools).toEqual({
      available: true,
      ffmpeg: join(fakeBin, 'ffmpeg'),
      ffprobe: join(fakeBin, 'ffprobe'),
      source: { ffmpeg: 'system', ffprobe: 'system' },
    });
    expect(describeVideoTools(tools)).toContain('the system’s, found on the PATH');
  });

  it('falls back to the binaries the npm packages ship when neither is on the PATH', () => {
    const tools = findVideoTools('');
    expect(tools.available).toBe(true);
    if (!tools.available) return;
    expect(tools.source).toEqual({ ffmpeg: 'npm', ffprobe: 'npm' });
    expect(tools.ffmpeg).toContain(`${sep}@ffmpeg-installer${sep}`);
    expect(tools.ffprobe).toContain(`${sep}@ffprobe-installer${sep}`);
    expect(describeVideoTools(tools)).toContain('the npm package’s, as none is on the PATH');
  });

  it('says that nothing can process videos when neither is found', () => {
    const tools = findVideoTools('', { packages: false });
    expect(tools).toEqual({
      available: false,
      reason: 'ffmpeg and ffprobe not found on the PATH nor in their npm packages',
    });
    expect(describeVideoTools(tools)).toMatch(/^videos cannot be processed: .*; video uploads answer 503$/);
  });
});

describe('processing a video', () => {
  it('cleans a real video with the npm packages’ ffmpeg and ffprobe alone', async () => {
    const tools = findVideoTools('');
    const video = await processVideo(await makeVideo({ gps: true }), 'mp4', tools);
    expect(video).toMatchObject({ ext: 'mp4', contentType: 'video/mp4', width: 160, height: 120 });
    expect(video.body.includes(Buffer.from('BurtiPhone', 'latin1'))).toBe(false);
    expect(video.poster.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
    const probed = await probeBytes(video.body);
    expect(probed.format.tags?.location).toBeUndefined();
    expect(probed.streams.find((stream) => stream.codec_type === 'video')?.codec_name).toBe('h264');
  });

  it('answers VIDEO_PROCESSING_UNAVAILABLE (503), not "a valid video file", on a server without ffmpeg', async () => {
    const video = await makeVideo();
    const none: VideoTools = { available: false, reason: 'ffmpeg and ffprobe not found' };
    const error = await expectAppError(processVideo(video, 'mp4', none), 'VIDEO_PROCESSING_UNAVAILABLE', 503);
    expect(error.message).not.toMatch(/valid video/);
  });

  it('answers VIDEO_PROCESSING_UNAVAILABLE (503) when the programs it found are gone', async () => {
    const gone: VideoTools = {
      available: true,
      ffmpeg: join(fakeBin, 'missing', 'ffmpeg'),
      ffprobe: join(fakeBin, 'missing', 'ffprobe'),
      source: { ffmpeg: 'system', ffprobe: 'system' },
    };
    await expectAppError(processVideo(await makeVideo(), 'mp4', gone), 'VIDEO_PROCESSING_UNAVAILABLE', 503);
  });
});

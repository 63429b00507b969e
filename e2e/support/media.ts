import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG of the Georgian flag (white field, red cross, four small red crosses), drawn pixel by pixel,
 * so uploads go through the server's byte checks and re-encoding like a fan's photo would.
 */
export function flagPng(width = 300, height = 200): Buffer {
  const red = [0xd7, 0x19, 0x20];
  const white = [0xff, 0xff, 0xff];
  const bar = Math.round(height / 6);
  const small = Math.round(height / 16);
  const centres = [
    [width / 4, height / 4],
    [(3 * width) / 4, height / 4],
    [width / 4, (3 * height) / 4],
    [(3 * width) / 4, (3 * height) / 4],
  ] as const;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) {
      const inCross = Math.abs(x - width / 2) < bar / 2 || Math.abs(y - height / 2) < bar / 2;
      const inSmall = centres.some(
        ([cx, cy]) =>
          (Math.abs(x - cx) < small / 2 && Math.abs(y - cy) < small * 1.6) ||
          (Math.abs(y - cy) < small / 2 && Math.abs(x - cx) < small * 1.6),
      );
      const [r, g, b] = inCross || inSmall ? red : white;
      row.writeUInt8(r!, 1 + x * 3);
      row.writeUInt8(g!, 2 + x * 3);
      row.writeUInt8(b!, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Writes the flag PNG to a temp file for `setInputFiles` / a file chooser. */
export function flagPngFile(name = 'georgia.png'): string {
  const path = join(tmpdir(), `burti-e2e-${process.pid}-${name}`);
  writeFileSync(path, flagPng());
  return path;
}

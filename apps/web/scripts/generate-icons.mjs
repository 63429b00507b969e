/**
 * Draws the installable app's icons from the brand mark (public/favicon.svg) with sharp:
 * 192 and 512 px "any" icons, a 512 px maskable icon (the mark inside the 80 % safe zone on the brand red) and
 * the 180 px apple-touch-icon. Run after changing the mark: `node apps/web/scripts/generate-icons.mjs`;
 * the PNGs are committed, so builds do not need it.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = await readFile(join(web, 'public/favicon.svg'));
const out = (name) => join(web, 'public/icons', name);
const BRAND = '#d71920';

const mark = (size) =>
  sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png();

for (const size of [192, 512]) await mark(size).toFile(out(`icon-${size}.png`));

// Maskable: launchers crop to a circle or squircle of the central 80 %; the mark fills 70 % of it, on red.
async function maskable(size, name) {
  const inner = Math.round(size * 0.7);
  const offset = Math.round((size - inner) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: await mark(inner).toBuffer(), left: offset, top: offset }])
    .png()
    .toFile(out(name));
}
await maskable(512, 'maskable-512.png');
await maskable(192, 'maskable-192.png');

// iOS home screen: no transparency (iOS fills it black), so the mark sits on white.
await sharp({ create: { width: 180, height: 180, channels: 4, background: '#ffffff' } })
  .composite([{ input: await mark(160).toBuffer(), left: 10, top: 10 }])
  .png()
  .toFile(out('apple-touch-icon.png'));
console.log('icons written to public/icons');

// `node scripts/generate-app-icons.mjs`: draws the installed app's icons (apps/web/public/icons) from the
// favicon's logo with sharp (the server's image library, prebuilt from the npm registry). Run it again
// after changing apps/web/public/favicon.svg; the PNGs are committed so a build needs no image tools.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const logo = readFileSync(path.join(publicDir, 'favicon.svg'));
const INDIGO = '#4f46e5';

/** The logo filling the square, its own rounded corners kept (launchers that do not mask). */
async function plain(size, file) {
  await sharp(logo, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, 'icons', file));
}

/**
 * Launchers crop a maskable icon to any shape inside the central 80 % circle: the logo sits in its
 * middle 60 % on a full-bleed background of the logo's colour.
 */
async function maskable(size, file) {
  const inner = Math.round(size * 0.6);
  const mark = await sharp(logo, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: INDIGO } })
    .composite([{ input: mark, gravity: 'center' }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, 'icons', file));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await plain(180, 'apple-touch-icon.png');
await maskable(512, 'maskable-512.png');

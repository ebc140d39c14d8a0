import sharp from 'sharp';
import type { Random } from './random.js';

/** Pairs of a background and a foreground colour that read well together. */
const PALETTES = [
  ['#4f46e5', '#c7d2fe'],
  ['#0f766e', '#99f6e4'],
  ['#b45309', '#fde68a'],
  ['#be123c', '#fecdd3'],
  ['#1d4ed8', '#bfdbfe'],
  ['#7e22ce', '#e9d5ff'],
  ['#15803d', '#bbf7d0'],
  ['#334155', '#e2e8f0'],
] as const;

/** SVG drawn to PNG by sharp (the server's own image library): a real image the upload checks accept. */
const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();

/**
 * A symmetric 5×5 pattern on a coloured square, like the default avatars of code hosts: recognisable
 * at a glance, different for everyone, no text (no fonts needed).
 */
export function avatarPng(random: Random): Promise<Buffer> {
  const [background, foreground] = random.pick(PALETTES);
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let column = 0; column < 3; column++) {
      if (!random.chance(0.5)) continue;
      for (const x of new Set([column, 4 - column])) {
        cells.push(`<rect x="${40 + x * 44}" y="${40 + row * 44}" width="44" height="44"/>`);
      }
    }
  }
  return png(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300">' +
      `<rect width="300" height="300" fill="${background}"/>` +
      `<g fill="${foreground}">${cells.join('')}</g></svg>`,
  );
}

/** A 1200×675 picture for a post: a sky of soft circles over hills, in one palette. */
export function coverPng(random: Random): Promise<Buffer> {
  const [background, foreground] = random.pick(PALETTES);
  const circles = Array.from({ length: random.int(4, 9) }, () => {
    const radius = random.int(30, 160);
    return (
      `<circle cx="${random.int(0, 1200)}" cy="${random.int(0, 420)}" r="${radius}" fill="${foreground}" ` +
      `fill-opacity="${(0.15 + random.next() * 0.5).toFixed(2)}"/>`
    );
  });
  const hills = Array.from({ length: 3 }, (_, layer) => {
    const base = 470 + layer * 70;
    const peaks = Array.from({ length: 7 }, (_, i) => `${i * 200},${base - random.int(0, 140)}`).join(' ');
    return (
      `<polygon points="0,675 ${peaks} 1200,${base} 1200,675" fill="${foreground}" ` +
      `fill-opacity="${0.35 + layer * 0.25}"/>`
    );
  });
  return png(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">' +
      `<rect width="1200" height="675" fill="${background}"/>${circles.join('')}${hills.join('')}</svg>`,
  );
}

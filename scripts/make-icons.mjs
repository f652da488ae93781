#!/usr/bin/env node
// The installable app's icons (docs/decisions.md §9.36), drawn from our own brand artwork: the Wise mark of
// apps/web/src/components/ui/art/logo.tsx (the emerald gem on the indigo tile, docs/look.md colours)
// rendered to PNG with sharp. Two kinds:
//   - icon-<n>.png: the rounded tile on transparency, for launchers that show the icon as drawn;
//   - maskable-<n>.png: a full-bleed indigo square with the gem inside the central 80 % safe zone,
//     for launchers that cut their own shape (circle, squircle);
//   - apple-touch-icon.png: 180 px, opaque (iOS fills transparency with black).
// Output is committed under apps/web/public/icons; run again after changing the mark:
//   node scripts/make-icons.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/icons');
const PRIMARY = '#3B2BD6';
const GEM = '#12B886';
const GEM_SHADE = '#0e9f73';

/** The gem of the logo mark, in its 32-unit coordinates (centred on x = 16). */
const gem = `
  <path d="M9 12.2L12.2 8h7.6l3.2 4.2L16 24.5z" fill="${GEM}"/>
  <path d="M9 12.2h14L16 24.5z" fill="${GEM_SHADE}"/>
  <path d="M9 12.2h14M12.2 8l2 4.2L16 8l1.8 4.2 2-4.2M14.2 12.2L16 24.5l1.8-12.3" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="1" stroke-linejoin="round"/>`;

/** The mark as logo.tsx draws it: a tile with radius 9 of 32. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="${PRIMARY}"/>${gem}</svg>`;

/**
 * Full bleed: the gem (about 16 units high, centred at y ≈ 16.25) scaled so it stays well inside
 * the 80 % circle a launcher may keep; the background reaches every edge.
 */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${PRIMARY}"/><g transform="translate(16 16.25) scale(${scale}) translate(-16 -16.25)">${gem}</g></svg>`;

const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const MASKABLE_SIZES = [192, 512];

async function render(svg, size, file) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toFile(path.join(out, file));
  console.log(`${file} ${size}×${size}`);
}

mkdirSync(out, { recursive: true });
for (const size of ICON_SIZES) await render(tile, size, `icon-${size}.png`);
// The gem alone is about half the tile; in the maskable icon it stays inside the safe zone.
for (const size of MASKABLE_SIZES) await render(fullBleed(0.95), size, `maskable-${size}.png`);
await render(fullBleed(1.1), 180, 'apple-touch-icon.png');

// Renders the web app's icons from the brand mark (web/public/favicon.svg's drawing):
// icon-192.png and icon-512.png (rounded, "any"), icon-maskable-512.png (full bleed, the mark
// inside the 80% safe zone) and logo.png (the icon notifications show). Run after changing the mark:
//   node scripts/icons.mjs
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../server/package.json', import.meta.url));
const sharp = require('sharp');
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public');

const MARK = '<path d="M8 48 24 24l9 13 7-9 16 20z" fill="#f2b84b"/><circle cx="45" cy="17" r="6" fill="#fff"/>';
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b3b5c"/>${MARK}</svg>`;
// Maskable: the background fills the square; the mark is scaled to 70% around the centre.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b3b5c"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)">${MARK}</g></svg>`;

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file));

await render(rounded, 192, 'icon-192.png');
await render(rounded, 512, 'icon-512.png');
await render(maskable, 512, 'icon-maskable-512.png');
await render(rounded, 512, 'logo.png');
console.log('icons written to', publicDir);

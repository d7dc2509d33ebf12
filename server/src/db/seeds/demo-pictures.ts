import type { Continent } from '@aylal/shared/trip-rules';

/**
 * Demo pictures for the demo trips, drawn as simple landscapes (we ship no photographs): a sky,
 * a sun and three ridges in colours of the trip's part of the world, varied by a seed.
 */
const PALETTES: Record<Continent, { sky: [string, string]; ridges: [string, string, string]; sun: string }> = {
  asia: { sky: ['#f7dca3', '#74abd3'], ridges: ['#c9a26b', '#a87d4f', '#6b4e2e'], sun: '#fff3d6' },
  europe: { sky: ['#d2e5f1', '#4c92c6'], ridges: ['#9fb7c9', '#5f7f99', '#2f4a61'], sun: '#ffffff' },
  africa: { sky: ['#ffd8a8', '#e8590c'], ridges: ['#d9822b', '#a0522d', '#5c3317'], sun: '#fff4e6' },
  'north-america': { sky: ['#e6fcf5', '#38d9a9'], ridges: ['#74b816', '#2f9e44', '#1b4d2b'], sun: '#ffffff' },
  'south-america': { sky: ['#fff9db', '#94d82d'], ridges: ['#82c91e', '#5c940d', '#2b4a0b'], sun: '#fffbe6' },
  oceania: { sky: ['#e3fafc', '#15aabf'], ridges: ['#66d9e8', '#1098ad', '#0b7285'], sun: '#ffffff' },
};

function ridge(seed: number, base: number, amplitude: number, width: number, height: number) {
  const points: string[] = [`M0 ${height}`];
  for (let x = 0; x <= width; x += width / 8) {
    const wave = Math.sin((x / width) * Math.PI * (2 + (seed % 3)) + seed) * amplitude;
    const jag = Math.cos((x / width) * Math.PI * (5 + (seed % 4)) + seed * 1.7) * amplitude * 0.35;
    points.push(`L${x.toFixed(0)} ${(base + wave + jag).toFixed(0)}`);
  }
  points.push(`L${width} ${height} Z`);
  return points.join(' ');
}

export function demoPicture(continent: Continent, seed: number): Buffer {
  const width = 1600;
  const height = 1000;
  const palette = PALETTES[continent];
  const sunX = 300 + ((seed * 397) % 1000);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${palette.sky[1]}"/><stop offset="1" stop-color="${palette.sky[0]}"/>
  </linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${260 + (seed % 5) * 20}" r="${70 + (seed % 3) * 15}" fill="${palette.sun}" opacity="0.9"/>
  <path d="${ridge(seed, 560, 90, width, height)}" fill="${palette.ridges[0]}"/>
  <path d="${ridge(seed + 3, 690, 70, width, height)}" fill="${palette.ridges[1]}"/>
  <path d="${ridge(seed + 7, 820, 45, width, height)}" fill="${palette.ridges[2]}"/>
</svg>`;
  return Buffer.from(svg);
}

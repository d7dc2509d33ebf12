import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path (dark modules only, a quiet zone of four around them), named
 * for screen readers by `label`. It scales with its box; black on white for every bank app's scanner.
 */
export function QrCode({ text, label, size = 220 }: { text: string; label: string; size?: number }) {
  const { data } = encode(text, { border: 4 });
  const modules = data.length;
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', display: 'block' }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}

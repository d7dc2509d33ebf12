import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path (dark modules only, a quiet zone of four around them), named
 * for screen readers by `label`. It scales with its box; black on white for every scanner (a bank
 * app's, an authenticator's).
 */
export function QrCode({ text, label, size = 220 }: { text: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const { data } = encode(text, { border: 4 });
    const dark = data.flatMap((row, y) => row.map((on, x) => (on ? `M${x} ${y}h1v1h-1z` : ''))).join('');
    return { path: dark, modules: data.length };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', display: 'block', borderRadius: 8 }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}

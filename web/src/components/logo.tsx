export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#0b3b5c" />
      <path d="M8 48 24 24l9 13 7-9 16 20z" fill="#f2b84b" />
      <circle cx="45" cy="17" r="6" fill="#fff" />
    </svg>
  );
}

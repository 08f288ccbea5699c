/** The product's own logo, drawn inline (no request), used when no logo is configured. */
export function DefaultLogo({ width, height, title }: { width: number; height: number; title: string }) {
  return (
    <svg role="img" aria-label={title} width={width} height={height} viewBox="0 0 64 64" data-testid="default-logo" focusable="false">
      <rect width="64" height="64" rx="14" fill="#ffffff" />
      <circle cx="32" cy="32" r="19" fill="none" stroke="#1b5e7a" strokeWidth="5" />
      <path d="M32 13v8M32 43v8M13 32h8M43 32h8" stroke="#1b5e7a" strokeWidth="4" strokeLinecap="round" />
      <circle cx="32" cy="32" r="7" fill="#e08a00" />
    </svg>
  );
}

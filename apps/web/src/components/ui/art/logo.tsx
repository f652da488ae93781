/** The Wise mark: an indigo tile holding the gem, the brand's two colours. */
function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="9" fill="var(--c-primary)" />
      <path d="M9 12.2L12.2 8h7.6l3.2 4.2L16 24.5z" fill="var(--c-gem)" />
      <path d="M9 12.2h14L16 24.5z" fill="#0e9f73" />
      <path
        d="M9 12.2h14M12.2 8l2 4.2L16 8l1.8 4.2 2-4.2M14.2 12.2L16 24.5l1.8-12.3"
        fill="none"
        stroke="#fff"
        strokeOpacity=".7"
        strokeWidth="1"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The mark with the word "Wise" beside it. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: size / 4 }}>
      <LogoMark size={size} />
      <span style={{ fontSize: size * 0.72, fontWeight: 700, letterSpacing: '-0.02em', color: 'var(--c-ink)' }}>Wise</span>
    </span>
  );
}

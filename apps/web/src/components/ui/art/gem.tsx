interface GemProps {
  size?: number;
  title?: string;
}

/** The Wise Gem: a faceted emerald (docs/look.md). */
export function GemGlyph({ size = 20, title }: GemProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      style={{ flex: 'none' }}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
    >
      {title ? <title>{title}</title> : null}
      <path d="M6.2 3.5h11.6L22 9.2 12 21 2 9.2z" fill="var(--c-gem)" />
      <path d="M2 9.2h20L12 21z" fill="#0e9f73" />
      <path
        d="M6.2 3.5L8.6 9.2 12 3.5l3.4 5.7 2.4-5.7"
        fill="none"
        stroke="#fff"
        strokeOpacity=".55"
        strokeWidth="1"
        strokeLinejoin="round"
      />
      <path d="M2 9.2h20M8.6 9.2L12 21l3.4-11.8" fill="none" stroke="#fff" strokeOpacity=".45" strokeWidth="1" strokeLinejoin="round" />
      <path d="M7.6 5.2l-1.2 2.6" stroke="#fff" strokeWidth="1.2" strokeLinecap="round" />
    </svg>
  );
}

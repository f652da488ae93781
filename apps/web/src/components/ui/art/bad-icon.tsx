interface IconProps {
  size?: number;
  title?: string;
}

/** The 'bad' icon on error toasts (docs/product.md §8): a red disc with a white cross. */
export function BadIcon({ size = 24, title }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" role={title ? 'img' : undefined} aria-hidden={title ? undefined : true}>
      {title ? <title>{title}</title> : null}
      <circle cx="12" cy="12" r="12" fill="var(--c-danger)" />
      <circle cx="12" cy="12" r="9" fill="none" stroke="#fff" strokeOpacity=".18" strokeWidth="2" />
      <path d="M8.5 8.5l7 7m0-7l-7 7" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

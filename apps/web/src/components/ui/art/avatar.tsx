interface AvatarProps {
  /** Full name; its initials are drawn. */
  name: string;
  size?: number;
  /** A photo URL; empty means the default picture (docs/product.md §3). */
  photo?: string;
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || 'W';
}

/** The profile picture, or the default one: initials on a tinted circle (docs/look.md). */
export function Avatar({ name, size = 44, photo }: AvatarProps) {
  if (photo) {
    return (
      <img
        src={photo}
        alt=""
        width={size}
        height={size}
        style={{ width: size, height: size, borderRadius: '50%', objectFit: 'cover', flex: 'none' }}
      />
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 44 44" aria-hidden="true" style={{ flex: 'none' }}>
      <circle cx="22" cy="22" r="22" fill="var(--c-primary-soft)" />
      <circle cx="22" cy="22" r="21.25" fill="none" stroke="var(--c-primary)" strokeOpacity=".18" strokeWidth="1.5" />
      <text x="22" y="22" dy=".35em" textAnchor="middle" fontFamily="var(--font)" fontSize="16" fontWeight="700" fill="var(--c-primary)">
        {initials(name)}
      </text>
    </svg>
  );
}

/** A coin's glyph (our own SVG, served by the API), in the list's 40 px circle. Decorative: the name is next to it. */
export function CoinLogo({ src, size = 40 }: { src: string; size?: number }) {
  return <img className="coin-logo" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}

/** Pitch 1 artwork: a phone with a rising chart and coins. */
export function CryptoPitchArt() {
  return (
    <svg viewBox="0 0 300 260" aria-hidden="true" className="pitch-art">
      <ellipse cx="150" cy="136" rx="128" ry="112" fill="var(--c-primary-soft)" />
      <ellipse cx="150" cy="238" rx="90" ry="10" fill="var(--c-ink)" fillOpacity=".06" />
      <rect x="96" y="28" width="108" height="206" rx="18" fill="var(--c-ink)" />
      <rect x="102" y="34" width="96" height="194" rx="13" fill="#fff" />
      <rect x="134" y="40" width="32" height="6" rx="3" fill="var(--c-ink)" />
      <text x="112" y="72" fontFamily="var(--font)" fontSize="9" fill="#5b6075">
        Portfolio
      </text>
      <text x="112" y="90" fontFamily="var(--font)" fontSize="13" fontWeight="700" fill="var(--c-ink)">
        ₦245,000
      </text>
      <rect x="112" y="97" width="36" height="12" rx="6" fill="var(--c-success-soft)" />
      <text x="117" y="106" fontFamily="var(--font)" fontSize="8" fontWeight="600" fill="var(--c-success)">
        +4.82%
      </text>
      <path
        d="M110 170l16-12 14 6 16-22 14 8 18-24"
        fill="none"
        stroke="var(--c-gem)"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M110 170l16-12 14 6 16-22 14 8 18-24V190H110z" fill="var(--c-gem)" fillOpacity=".12" />
      <rect x="112" y="200" width="76" height="18" rx="9" fill="var(--c-primary)" />
      <text x="150" y="212" textAnchor="middle" fontFamily="var(--font)" fontSize="8" fontWeight="600" fill="#fff">
        Sell crypto
      </text>
      <g transform="translate(232 84)">
        <circle r="24" fill="#f7931a" />
        <path
          d="M-7-11h10a6 6 0 010 11h-10zm0 11h11a6 6 0 010 11h-11zM-4-15v30M2-15v30"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </g>
      <g transform="translate(62 168)">
        <circle r="22" fill="#26a17b" />
        <path d="M-11-8h22M0-8v18M-9 0c3 2 15 2 18 0" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
      </g>
      <g transform="translate(244 186)">
        <circle r="16" fill="var(--c-primary)" />
        <path d="M-6-5h12l-3 4H-9zM-6 1h12l-3 4H-9z" fill="#fff" />
      </g>
      <path d="M56 64l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="var(--c-primary)" fillOpacity=".5" />
    </svg>
  );
}

/** Pitch 2 artwork: gift cards fanned behind a security shield. */
export function GiftCardPitchArt() {
  return (
    <svg viewBox="0 0 300 260" aria-hidden="true" className="pitch-art">
      <defs>
        <linearGradient id="pa-c1" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb547" />
          <stop offset="1" stopColor="#ff7a45" />
        </linearGradient>
        <linearGradient id="pa-c2" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d5cf0" />
          <stop offset="1" stopColor="#3b2bd6" />
        </linearGradient>
        <linearGradient id="pa-c3" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3ee0ab" />
          <stop offset="1" stopColor="#0e9f73" />
        </linearGradient>
      </defs>
      <ellipse cx="150" cy="136" rx="128" ry="112" fill="var(--c-primary-soft)" />
      <ellipse cx="150" cy="238" rx="96" ry="10" fill="var(--c-ink)" fillOpacity=".06" />
      <g transform="translate(52 92) rotate(-14)">
        <rect width="130" height="84" rx="12" fill="url(#pa-c3)" />
        <text x="14" y="28" fontFamily="var(--font)" fontSize="13" fontWeight="700" fill="#fff">
          GIFT
        </text>
      </g>
      <g transform="translate(118 70) rotate(10)">
        <rect width="130" height="84" rx="12" fill="url(#pa-c1)" />
        <rect y="18" width="130" height="12" fill="#fff" fillOpacity=".3" />
        <text x="14" y="64" fontFamily="var(--font)" fontSize="12" fontWeight="700" fill="#fff">
          $100
        </text>
      </g>
      <g transform="translate(78 118)">
        <rect width="140" height="90" rx="12" fill="url(#pa-c2)" />
        <circle cx="118" cy="22" r="10" fill="#fff" fillOpacity=".25" />
        <text x="14" y="30" fontFamily="var(--font)" fontSize="13" fontWeight="700" fill="#fff">
          Gift Card
        </text>
        <rect x="14" y="58" width="56" height="7" rx="3.5" fill="#fff" fillOpacity=".8" />
        <rect x="14" y="70" width="34" height="6" rx="3" fill="#fff" fillOpacity=".5" />
      </g>
      <g transform="translate(212 176)">
        <path
          d="M0-30l24 9v16c0 16-10 27-24 33-14-6-24-17-24-33v-16z"
          fill="#fff"
          stroke="var(--c-gem)"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M-9 0l6 6 12-13" fill="none" stroke="var(--c-gem)" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </g>
      <path d="M60 60l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="var(--c-gem)" fillOpacity=".6" />
      <circle cx="252" cy="60" r="5" fill="var(--c-primary)" fillOpacity=".35" />
    </svg>
  );
}

/** Soft brand ellipses behind the splash and landing artwork. */
export function Ellipses() {
  return (
    <svg className="ellipses" viewBox="0 0 390 844" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <defs>
        <radialGradient id="ell-a" cx="50%" cy="50%" r="50%">
          <stop offset="0" stopColor="#6d5cf0" stopOpacity=".55" />
          <stop offset="1" stopColor="#6d5cf0" stopOpacity="0" />
        </radialGradient>
        <radialGradient id="ell-b" cx="50%" cy="50%" r="50%">
          <stop offset="0" stopColor="#12b886" stopOpacity=".38" />
          <stop offset="1" stopColor="#12b886" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="390" height="844" fill="var(--c-primary)" />
      <ellipse cx="40" cy="120" rx="260" ry="220" fill="url(#ell-a)" />
      <ellipse cx="380" cy="430" rx="240" ry="260" fill="url(#ell-b)" />
      <ellipse cx="60" cy="780" rx="280" ry="200" fill="url(#ell-a)" />
      <ellipse cx="195" cy="410" rx="210" ry="210" fill="none" stroke="#fff" strokeOpacity=".07" strokeWidth="1.5" />
      <ellipse cx="195" cy="410" rx="290" ry="290" fill="none" stroke="#fff" strokeOpacity=".05" strokeWidth="1.5" />
      <ellipse cx="195" cy="410" rx="140" ry="140" fill="none" stroke="#fff" strokeOpacity=".09" strokeWidth="1.5" />
    </svg>
  );
}

/** The splash main image: a big gem orbited by a naira coin, a crypto coin and a gift card. */
export function SplashArt() {
  return (
    <svg className="splash-art" viewBox="0 0 280 280" role="img" aria-label="Wise">
      <defs>
        <linearGradient id="sp-gem" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3ee0ab" />
          <stop offset="1" stopColor="#0e9f73" />
        </linearGradient>
        <linearGradient id="sp-card" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb547" />
          <stop offset="1" stopColor="#ff7a45" />
        </linearGradient>
      </defs>
      {/* glow disc */}
      <circle cx="140" cy="140" r="96" fill="#fff" fillOpacity=".1" />
      <circle cx="140" cy="140" r="70" fill="#fff" fillOpacity=".1" />
      {/* gem */}
      <path d="M96 112l20-28h48l20 28-44 70z" fill="url(#sp-gem)" />
      <path d="M96 112h88l-44 70z" fill="#0b8a63" fillOpacity=".55" />
      <path
        d="M96 112h88M116 84l12 28 12-28 12 28 12-28M128 112l12 70 12-70"
        fill="none"
        stroke="#fff"
        strokeOpacity=".7"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M110 98l-6 9" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      {/* naira coin */}
      <g transform="translate(206 72)">
        <circle r="26" fill="#f5b700" />
        <circle r="20" fill="none" stroke="#fff" strokeOpacity=".6" strokeWidth="2" />
        <path
          d="M-8 10V-10l16 20V-10M-12 -2h24M-12 3h24"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      {/* crypto coin */}
      <g transform="translate(62 196)">
        <circle r="24" fill="#fff" />
        <circle r="18" fill="none" stroke="var(--c-primary)" strokeOpacity=".25" strokeWidth="2" />
        <path
          d="M-7-11h10a6 6 0 010 11h-10zm0 11h11a6 6 0 010 11h-11zM-4-15v30M2-15v30"
          fill="none"
          stroke="var(--c-primary)"
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </g>
      {/* gift card */}
      <g transform="translate(188 178) rotate(-12)">
        <rect width="72" height="46" rx="8" fill="url(#sp-card)" />
        <rect x="0" y="10" width="72" height="7" fill="#fff" fillOpacity=".35" />
        <rect x="10" y="28" width="30" height="5" rx="2.5" fill="#fff" fillOpacity=".85" />
        <rect x="10" y="36" width="18" height="4" rx="2" fill="#fff" fillOpacity=".6" />
      </g>
      {/* sparkles */}
      <path d="M52 70l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" fill="#fff" fillOpacity=".85" />
      <path d="M232 240l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#fff" fillOpacity=".7" />
      <circle cx="150" cy="236" r="4" fill="#fff" fillOpacity=".5" />
    </svg>
  );
}

interface IconProps {
  size?: number;
}

/** Small green tick for success toasts. */
export function TickIcon({ size = 24 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="12" fill="var(--c-success)" />
      <path d="M7 12.4l3.2 3.1L17 8.8" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The big green tick of success screens, with soft rings and a little confetti. */
export function SuccessTick({ size = 148 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 148 148" aria-hidden="true" className="success-tick">
      <circle cx="74" cy="74" r="72" fill="var(--c-success-soft)" />
      <circle cx="74" cy="74" r="54" fill="var(--c-success)" fillOpacity=".14" />
      <circle cx="74" cy="74" r="38" fill="var(--c-success)" />
      <path d="M57 75l11 11 23-24" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="20" cy="38" r="4" fill="var(--c-gem)" />
      <circle cx="128" cy="30" r="3" fill="var(--c-primary)" />
      <rect x="122" y="108" width="8" height="8" rx="2" fill="#f5b700" transform="rotate(20 126 112)" />
      <rect x="16" y="104" width="7" height="7" rx="1.5" fill="var(--c-primary)" transform="rotate(-15 19 107)" />
      <path d="M112 58l6-2m-90 30l-6 2" stroke="var(--c-gem)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

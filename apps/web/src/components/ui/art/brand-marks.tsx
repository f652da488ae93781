import type { ReactNode } from 'react';

/*
 * The networks' and TV services' marks, drawn by us (docs/look.md "Artwork": no third-party logos):
 * each a disc in the brand's own colour with its name or initial in type, legible at 24–40 px.
 * Brand colours are the brands' own, so they live here and not among the theme's tokens.
 */

interface MarkProps {
  size?: number;
}

function Disc({ size = 40, fill, children }: MarkProps & { fill: string; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" style={{ flex: 'none' }} aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill={fill} />
      {children}
    </svg>
  );
}

const type = { fontFamily: 'system-ui, -apple-system, Roboto, Arial, sans-serif', fontWeight: 800, textAnchor: 'middle' } as const;

export function MtnMark({ size }: MarkProps) {
  return (
    <Disc size={size} fill="#FFCB05">
      <ellipse cx="20" cy="20" rx="15" ry="9.5" fill="none" stroke="#1A1A1A" strokeWidth="2" />
      <text x="20" y="23.6" fontSize="10" fill="#1A1A1A" {...type}>
        MTN
      </text>
    </Disc>
  );
}

export function AirtelMark({ size }: MarkProps) {
  return (
    <Disc size={size} fill="#E40000">
      <path d="M13 25.5c4.5-1.2 9.5-5.6 14-12" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <text x="20" y="31" fontSize="8.5" fill="#fff" {...type}>
        airtel
      </text>
    </Disc>
  );
}

export function GloMark({ size }: MarkProps) {
  return (
    <Disc size={size} fill="#3BA935">
      <circle cx="20" cy="20" r="13" fill="none" stroke="#fff" strokeOpacity=".35" strokeWidth="2" />
      <text x="20" y="24" fontSize="12" fill="#fff" {...type}>
        glo
      </text>
    </Disc>
  );
}

export function NineMobileMark({ size }: MarkProps) {
  return (
    <Disc size={size} fill="#006E53">
      <text x="20" y="27" fontSize="21" fill="#B4D334" {...type}>
        9
      </text>
    </Disc>
  );
}

export function DstvMark({ size }: MarkProps) {
  return (
    <Disc size={size} fill="#0B5BD3">
      <text x="20" y="24" fontSize="11" fill="#fff" {...type}>
        DStv
      </text>
    </Disc>
  );
}

export function GotvMark({ size }: MarkProps) {
  return (
    <Disc size={size} fill="#0B8A3E">
      <text x="20" y="24" fontSize="10.5" fill="#fff" {...type}>
        GO
        <tspan fill="#FFD200">tv</tspan>
      </text>
    </Disc>
  );
}

export function StartimesMark({ size }: MarkProps) {
  return (
    <Disc size={size} fill="#F28C00">
      <path d="M20 8.5l3.4 7.1 7.8 1-5.7 5.4 1.5 7.7L20 25.9l-7 3.8 1.5-7.7-5.7-5.4 7.8-1z" fill="#fff" />
    </Disc>
  );
}

export function ShowmaxMark({ size }: MarkProps) {
  return (
    <Disc size={size} fill="#1B1B1F">
      <text x="20" y="27" fontSize="19" fill="#F0047F" {...type}>
        S
      </text>
    </Disc>
  );
}

/** The mark for a network or TV service id ('mtn', 'etisalat', 'gotv'…); undefined for any other. */
export function brandMark(service: string, size?: number): ReactNode {
  switch (service) {
    case 'mtn':
      return <MtnMark size={size} />;
    case 'airtel':
      return <AirtelMark size={size} />;
    case 'glo':
      return <GloMark size={size} />;
    case 'etisalat':
      return <NineMobileMark size={size} />;
    case 'dstv':
      return <DstvMark size={size} />;
    case 'gotv':
      return <GotvMark size={size} />;
    case 'startimes':
      return <StartimesMark size={size} />;
    case 'showmax':
      return <ShowmaxMark size={size} />;
    default:
      return undefined;
  }
}

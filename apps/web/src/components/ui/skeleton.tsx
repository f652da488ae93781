import type { CSSProperties } from 'react';
import './layout.css';

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}

/** A shimmering placeholder in the shape of the content that is loading. */
export function Skeleton({ width = '100%', height = 16, radius, className }: SkeletonProps) {
  return (
    <span className={className ? `skeleton ${className}` : 'skeleton'} style={{ width, height, borderRadius: radius }} aria-hidden="true" />
  );
}

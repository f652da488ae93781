import type { HTMLAttributes } from 'react';
import './layout.css';

interface CardProps extends HTMLAttributes<HTMLDivElement> {
  tone?: 'raised' | 'tinted' | 'outline';
}

export function Card({ tone = 'raised', className, ...rest }: CardProps) {
  const classes = ['card', tone === 'raised' ? '' : `card--${tone}`, className ?? ''].filter(Boolean).join(' ');
  return <div {...rest} className={classes} />;
}

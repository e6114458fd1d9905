import type { BrandLogo as Logo } from '../api/types';
import classes from './poster-view.module.css';

/** The store's brand mark: the server's vector paths (the same the PDF draws) and the brand name. */
export function BrandLogo({ logo, size = 44 }: { logo: Logo; size?: number }) {
  return (
    <div className={classes.brand} data-testid="brand-logo" data-logo={logo.key}>
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {logo.paths.map((p, i) => (
          <path key={i} d={p.d} fill={p.fill} />
        ))}
      </svg>
      <span className={classes.brandLabel} style={{ color: logo.color }}>
        {logo.label}
      </span>
    </div>
  );
}

/** The QR code of the store's public report, drawn from the server's path (quiet zone added). */
export function QrCode({ qr, size }: { qr: { d: string; size: number }; size: number }) {
  const box = qr.size + 4;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`-2 -2 ${box} ${box}`}
      role="img"
      aria-label="QR code: the store's public report"
    >
      <rect x={-2} y={-2} width={box} height={box} fill="#fff" />
      <path d={qr.d} fill="#000" />
    </svg>
  );
}

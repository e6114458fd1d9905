import { formatCompact, posterStoreNameSize } from '@openrescue/shared';
import type { Poster, PosterFigures } from '../api/types';
import { BrandLogo, QrCode } from './brand-logo';
import classes from './poster-view.module.css';

export const POSTER_WIDTH = 926.85;
export const POSTER_HEIGHT = 655.35;

/** The PDF's rule (a CJK character counts 1 em), at the screen's 1.1x: the name keeps the PDF's size and line. */
const storeNameSize = (name: string) => 1.1 * posterStoreNameSize(name);

function Figures({ title, f }: { title: string; f: PosterFigures }) {
  const row = (value: string, unit: string) => (
    <li className={classes.figureRow}>
      <span className={classes.figure}>{value}</span>
      <span className={classes.unit}>{unit}</span>
    </li>
  );
  return (
    <div className={classes.panel}>
      <p className={classes.panelTitle}>{title}</p>
      <ul className={classes.figures}>
        {row(formatCompact(f.meals_provided), 'meals provided')}
        {row(`${formatCompact(f.weight_kg)} kg`, `(${formatCompact(f.weight_lb)} lb) of food rescued`)}
        {row(`${formatCompact(f.co2_emissions_kg)} kg`, 'CO2e emissions avoided')}
      </ul>
    </div>
  );
}

/** The store poster (spec 2.10) at 926.85 x 655.35 px; mirrors the server's PDF layout. */
export function PosterView({
  poster,
  productName,
  aboutUrl,
}: {
  poster: Poster;
  productName: string;
  aboutUrl: string;
}) {
  const p = poster;
  return (
    <div className={classes.page} data-testid="poster">
      <div className={classes.frame} style={{ borderColor: p.logo.color }}>
        <div className={classes.top}>
          <BrandLogo logo={p.logo} />
          <p className={classes.network}>
            {productName}
            <br />
            Food Rescue Network
          </p>
        </div>
        <p className={classes.store} style={{ fontSize: storeNameSize(p.store.name) }} data-testid="poster-store">
          {p.store.name}
        </p>
        <p className={classes.hero} style={{ color: p.logo.color }}>
          is a FOOD RESCUE HERO
        </p>
        <p className={classes.because} data-testid="poster-because">
          for donating its unsold food to {p.supported_count} charity and/or farmers in our community
        </p>
        <div className={classes.panels}>
          <Figures title={`In ${p.month_label}`} f={p.last_month} />
          <Figures title={`Since ${p.since_start.from_label}`} f={p.since_start} />
        </div>
        <div className={classes.bottom}>
          <p className={classes.note}>
            Figures for {p.store.name} to {p.month_end}, from weighed donations recorded by {productName}. 1 kg =
            2.20462 lb. Meals count charity donations only (1 meal = 0.544 kg). Impact factors version{' '}
            {p.impact_factor_version}: {aboutUrl}
          </p>
          <div className={classes.qrBox}>
            <div className={classes.qrCaptions}>
              <span className={classes.qrCaption}>Scan for our full report</span>
              <span className={classes.qrCaption} data-testid="poster-short-link">
                {p.public_report_url.replace(/^https?:\/\//, '')}
              </span>
            </div>
            <QrCode qr={p.qr} size={118.8} />
          </div>
        </div>
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import { Bus, Dices, Gem, Grid2x2, Lightbulb, Smartphone, Tv, Wifi, type LucideIcon } from 'lucide-react';
import { servicesGridTexts } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';
import './dashboard.css';

export interface ServiceLinks {
  airtime: string;
  data: string;
  bettings: string;
  tv: string;
  electricity: string;
  transport: string;
  earn: string;
  more: string;
}

const services: readonly { key: keyof ServiceLinks; Icon: LucideIcon }[] = [
  { key: 'airtime', Icon: Smartphone },
  { key: 'data', Icon: Wifi },
  { key: 'bettings', Icon: Dices },
  { key: 'tv', Icon: Tv },
  { key: 'electricity', Icon: Lightbulb },
  { key: 'transport', Icon: Bus },
  { key: 'earn', Icon: Gem },
  { key: 'more', Icon: Grid2x2 },
];

/** docs/product.md §1's Services grid: airtime, data, bettings, tv, electricity, transport, earn, more. */
export function ServicesGrid({ links }: { links: ServiceLinks }) {
  const t = useTexts(servicesGridTexts);
  return (
    <section aria-labelledby="services-title">
      <h2 id="services-title" className="section-title">
        {t.heading}
      </h2>
      <ul className="services">
        {services.map(({ key, Icon }) => (
          <li key={key}>
            <Link to={links[key]} className="services__item">
              <span className="services__icon">
                <Icon size={22} aria-hidden="true" />
              </span>
              <span className="services__label">{t[key]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

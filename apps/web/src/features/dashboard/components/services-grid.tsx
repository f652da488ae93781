import { Link } from 'react-router';
import { Bus, Dices, Gem, Grid2x2, Lightbulb, Smartphone, Tv, Wifi, type LucideIcon } from 'lucide-react';
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

const services: readonly { key: keyof ServiceLinks; label: string; Icon: LucideIcon }[] = [
  { key: 'airtime', label: 'Airtime', Icon: Smartphone },
  { key: 'data', label: 'Data', Icon: Wifi },
  { key: 'bettings', label: 'Bettings', Icon: Dices },
  { key: 'tv', label: 'TV', Icon: Tv },
  { key: 'electricity', label: 'Electricity', Icon: Lightbulb },
  { key: 'transport', label: 'Transport', Icon: Bus },
  { key: 'earn', label: 'Earn', Icon: Gem },
  { key: 'more', label: 'More', Icon: Grid2x2 },
];

/** docs/product.md §1's Services grid: airtime, data, bettings, tv, electricity, transport, earn, more. */
export function ServicesGrid({ links }: { links: ServiceLinks }) {
  return (
    <section aria-labelledby="services-title">
      <h2 id="services-title" className="section-title">
        Services
      </h2>
      <ul className="services">
        {services.map(({ key, label, Icon }) => (
          <li key={key}>
            <Link to={links[key]} className="services__item">
              <span className="services__icon">
                <Icon size={22} aria-hidden="true" />
              </span>
              <span className="services__label">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

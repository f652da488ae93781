import type { ReactNode } from 'react';
import { Bus, Dices, MessagesSquare } from 'lucide-react';
import { LinkButton } from '../../../../components/ui/button';
import { Header } from '../../../../components/ui/header';
import { Screen } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import '../shared/account.css';

interface ComingSoonProps {
  title: string;
  text: string;
  art: ReactNode;
  backTo: string;
}

/** A finished-looking 'COMING SOON' page (SPEC §2). */
function ComingSoon({ title, text, art, backTo }: ComingSoonProps) {
  return (
    <Screen header={<Header backTo={backTo} title={title} />}>
      <title>{`${title} · Wise`}</title>
      <div className="coming-soon">
        <span className="coming-soon__art">{art}</span>
        <span className="coming-soon__badge">COMING SOON</span>
        <h1 className="screen__title">{title}</h1>
        <p className="screen__text">{text}</p>
      </div>
      <div className="screen__actions">
        <LinkButton to={paths.homepage} variant="secondary">
          Back to Home
        </LinkButton>
      </div>
    </Screen>
  );
}

export function BettingsRoute() {
  return <ComingSoon title="Bettings" text="Fund your betting wallets with Wise Gems. We are putting the finishing touches to it." art={<Dices size={56} aria-hidden="true" />} backTo={paths.homepage} />;
}
export function TransportRoute() {
  return <ComingSoon title="Transport" text="Pay for rides and bus tickets with Wise Gems. We are putting the finishing touches to it." art={<Bus size={56} aria-hidden="true" />} backTo={paths.homepage} />;
}
export function LiveChatRoute() {
  return <ComingSoon title="Live chat" text="Chat with our support team right here in the app. Meanwhile, reach us on WhatsApp or by e-mail." art={<MessagesSquare size={56} aria-hidden="true" />} backTo={paths.support} />;
}

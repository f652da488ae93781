import { MessagesSquare } from 'lucide-react';
import { liveChatTexts } from '@wise/shared';
import { ComingSoon } from '#web/components/ui/coming-soon';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';

/** /support/livechat: coming soon (docs/product.md §2); WhatsApp and e-mail meanwhile. */
export function LiveChatRoute() {
  const t = useTexts(liveChatTexts);
  return <ComingSoon title={t.title} text={t.text} art={<MessagesSquare size={56} aria-hidden="true" />} backTo={paths.support} />;
}

import { MessagesSquare } from 'lucide-react';
import { ComingSoon } from '../../../../components/ui/coming-soon';
import { paths } from '../../../../config/paths';

/** /support/livechat: coming soon (docs/product.md §2); WhatsApp and e-mail meanwhile. */
export function LiveChatRoute() {
  return (
    <ComingSoon
      title="Live chat"
      text="Chat with our support team right here in the app. Meanwhile, reach us on WhatsApp or by e-mail."
      art={<MessagesSquare size={56} aria-hidden="true" />}
      backTo={paths.support}
    />
  );
}

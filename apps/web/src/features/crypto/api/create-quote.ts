import { useMutation } from '@tanstack/react-query';
import { quoteResponseSchema, type CreateQuoteInput, type Quote } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { rememberQuote } from '../quote-store';

/** POST /api/crypto/quotes → a stored price for this amount, honoured until `expires_at`. */
export async function createQuote(input: CreateQuoteInput): Promise<Quote> {
  const { quote } = await api('/api/crypto/quotes', {
    method: 'POST',
    body: input,
    schema: import.meta.env.DEV ? quoteResponseSchema : undefined,
  });
  return quote;
}

/** The quote is kept for this tab (quote-store) so the next screens and a reload find it by id. */
export function useCreateQuote() {
  return useMutation({
    mutationFn: createQuote,
    onSuccess: (quote) => rememberQuote(quote),
  });
}

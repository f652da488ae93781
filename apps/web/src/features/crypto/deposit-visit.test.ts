import { afterEach, describe, expect, it } from 'vitest';
import { keepVisit, noteFirstRead, recallVisit, tookQuote, visitOf } from './deposit-visit';
import { deposit } from './test-data';

afterEach(() => sessionStorage.clear());

describe('which deposit took the quote', () => {
  it('is one priced at the quote, priced when seen and still there, or made into a sale', () => {
    expect(tookQuote(deposit({ stage: 'seen', pricing: 'quote' }))).toBe(true);
    expect(tookQuote(deposit({ stage: 'seen', pricing: 'first_seen' }))).toBe(true);
    expect(tookQuote(deposit({ stage: 'dropped', pricing: 'quote' }))).toBe(true);
    expect(tookQuote(deposit({ stage: 'in_review', pricing: 'review', sale_id: 's1' }))).toBe(true);
    expect(tookQuote(deposit({ stage: 'successful', pricing: 'first_seen', sale_id: 's1' }))).toBe(true);
  });

  it('is not one the chain dropped before a quote priced it, one held, or one closed unpriced without a sale', () => {
    expect(tookQuote(deposit({ stage: 'dropped', pricing: 'first_seen' }))).toBe(false);
    expect(tookQuote(deposit({ stage: 'in_review', pricing: null, value_kobo: null }))).toBe(false);
    expect(tookQuote(deposit({ stage: 'held', pricing: null, value_kobo: null }))).toBe(false);
    expect(tookQuote(deposit({ stage: 'rejected', pricing: null, value_kobo: null, closed_note: 'Not ours to buy' }))).toBe(false);
  });
});

describe('a visit of the deposit screen', () => {
  const earlierPaid = deposit({ id: 'a', stage: 'successful', sale_id: 's0' });
  const earlierCounting = deposit({ id: 'b', stage: 'seen', pricing: 'quote' });

  it('hides what had finished before it, shows what was under way, and counts only its own deposits as taking the quote', () => {
    const firstRead = noteFirstRead([earlierCounting, earlierPaid]);
    expect(visitOf([earlierCounting, earlierPaid], firstRead)).toEqual({ shown: [earlierCounting], own: [], tookQuote: false });
    const mine = deposit({ id: 'c', stage: 'seen', pricing: 'quote' });
    expect(visitOf([mine, earlierCounting, earlierPaid], firstRead)).toEqual({
      shown: [mine, earlierCounting],
      own: [mine],
      tookQuote: true,
    });
  });

  it('keeps its note for its quote only, and reads a note written before deposits under way were noted', () => {
    keepVisit('q1', { tron: noteFirstRead([earlierCounting, earlierPaid]) });
    expect(recallVisit('q1')).toEqual({ tron: { finished: ['a'], present: ['b', 'a'] } });
    expect(recallVisit('q2')).toEqual({});
    expect(recallVisit(undefined)).toEqual({});
    sessionStorage.setItem('wise.crypto.deposits-before', JSON.stringify({ quote: 'q1', networks: { tron: ['a'], bsc: 7 } }));
    expect(recallVisit('q1')).toEqual({ tron: { finished: ['a'], present: ['a'] } });
  });
});

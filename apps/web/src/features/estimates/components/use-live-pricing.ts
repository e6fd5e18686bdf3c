/**
 * The editor's live prices: once the lines stop changing for 300 ms, the lines that read are priced for the
 * customer on the date (`priceSalesEstimate`, nothing saved). Each priced line is found again by its row's
 * key, so a row added or removed while an answer is on its way never shows another row's price.
 */
import type { EstimateLine, EstimatePricingAnswer } from '@hosewright/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { estimatePriceQuery } from '@/api/estimates';
import { useDebounced } from '@/lib/use-debounced';
import { type EstimateDraft, priceRequestOf } from '../lib/form';

export interface LivePricing {
  /** The last answer (totals, taxes); null before the first. */
  answer: EstimatePricingAnswer | null;
  /** Each row's priced line by the row's key. */
  byKey: ReadonlyMap<string, EstimateLine>;
  isPricing: boolean;
  error: Error | null;
}

export function useLivePricing(draft: EstimateDraft, currency: string): LivePricing {
  const now = useMemo(() => {
    const { request, rows } = priceRequestOf(draft, currency);
    return { request, keys: rows.map((index) => draft.lines[index]?.key ?? '') };
  }, [draft, currency]);
  const settled = useDebounced(now, 300);
  const priced = useQuery(estimatePriceQuery(settled.request));
  const [last, setLast] = useState<{ answer: EstimatePricingAnswer; keys: string[] } | null>(null);
  if (priced.data && !priced.isPlaceholderData && priced.data !== last?.answer) {
    setLast({ answer: priced.data, keys: settled.keys });
  }
  const byKey = useMemo(() => {
    const map = new Map<string, EstimateLine>();
    last?.answer.lines.forEach((line, index) => {
      const key = last.keys[index];
      if (key) map.set(key, line);
    });
    return map;
  }, [last]);
  const hasLines = now.request !== null;
  return {
    answer: hasLines ? (last?.answer ?? null) : null,
    byKey,
    isPricing: hasLines && (priced.isFetching || now !== settled),
    error: priced.isError ? priced.error : null,
  };
}

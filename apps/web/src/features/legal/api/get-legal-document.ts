import type { LegalDocument } from '@burti/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE } from '../../../lib/query-client';

export const legalKeys = {
  document: (document: LegalDocument, language: string) => ['legal', document, language] as const,
};

/**
 * The document in the language on screen: Georgian ones live in /legal/ka/ (translations of the English).
 * Static files the web build ships, not the API; null when there is no such file.
 */
export async function getLegalDocument(document: LegalDocument, language: string): Promise<string | null> {
  const response = await fetch(language === 'ka' ? `/legal/ka/${document}.md` : `/legal/${document}.md`);
  const type = response.headers.get('content-type') ?? '';
  // An unknown file falls back to the SPA's index.html: that is not the document.
  if (!response.ok || type.includes('text/html')) return null;
  return response.text();
}

export const legalDocumentQuery = (document: LegalDocument, language: string) =>
  queryOptions({
    queryKey: legalKeys.document(document, language),
    queryFn: () => getLegalDocument(document, language),
    staleTime: STALE.static,
  });

export function useLegalDocument(document: LegalDocument, language: string) {
  return useQuery(legalDocumentQuery(document, language));
}

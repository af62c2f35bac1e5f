import type { Locale } from '@wattdesk/shared/i18n/locales';
import type { TermsResponse } from '@wattdesk/shared/schemas/agreements';
import type { OkResponse } from '@wattdesk/shared/schemas/common';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, buildUrl } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getTerms = (tokenId: string) => api.get<TermsResponse>('/terms-and-conditions', { query: { tokenId }, authenticated: false });

export const signTerms = (tokenId: string) => api.post<OkResponse>('/terms-and-conditions', { tokenId }, { authenticated: false });

/** The PDF the page embeds; the server generates it for this token. */
/** In the page's language: the signature, sent with it, rebuilds this document in that language to fingerprint it. */
export const termsDocumentUrl = (tokenId: string, lang: Locale) => buildUrl('/terms-and-conditions/document', { tokenId, lang });

export const termsQuery = (tokenId: string) =>
  queryOptions({
    queryKey: queryKeys.terms(tokenId),
    queryFn: () => getTerms(tokenId),
    // An unknown, signed or expired agreement will not change by asking again.
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { errorHandled: true },
  });

export const useTerms = (tokenId: string) => useQuery(termsQuery(tokenId));

export const useSignTerms = () => useMutation({ mutationFn: signTerms, meta: { errorHandled: true } });

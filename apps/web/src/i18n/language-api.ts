import type { Locale } from '@wattdesk/shared/i18n/locales';
import type { LanguageBody } from '@wattdesk/shared/schemas/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** Keeps the language on the signed-in account (PUT /users/me/language): it follows the user to another browser. */
export const saveLanguage = (language: Locale) => api.put<LanguageBody>('/users/me/language', { language } satisfies LanguageBody);

export const useSaveLanguage = () => useMutation({ mutationFn: saveLanguage });

import { PASSWORD_MIN_STRENGTH } from '@wattdesk/shared';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

let factory: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries are a few megabytes: loaded on the first password change, not at start. */
const loadFactory = (): Promise<ZxcvbnFactory> =>
  (factory ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new Factory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  })());

export type PasswordStrength = { isStrongEnough: boolean; score: number; feedback: string[] };

/**
 * zxcvbn-ts against common passwords, names, words, keyboard patterns and dates; the account's own e-mail
 * and names count as guessable too.
 */
export const checkPasswordStrength = async (password: string, userInputs: readonly string[]): Promise<PasswordStrength> => {
  const zxcvbn = await loadFactory();
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s]+/)]).filter((input) => input.length >= 3);
  const result = await zxcvbn.checkAsync(password.slice(0, 256), inputs);
  const feedback = [result.feedback.warning, ...result.feedback.suggestions].filter((line): line is string => Boolean(line));
  return { isStrongEnough: result.score >= PASSWORD_MIN_STRENGTH, score: result.score, feedback };
};

import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MIN_STRENGTH } from '@wattdesk/shared/validation';

let factory: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn-ts and its dictionaries (several hundred kilobytes) load on the first keystroke in a new-password
 * field, in their own chunks: the sign-in page does not carry them.
 */
const load = () =>
  (factory ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([{ ZxcvbnFactory: Factory }, common, en]) =>
      new Factory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, translations: en.translations }),
  ));

export type StrengthEstimate = { score: number; isStrongEnough: boolean; hint: string | null };

/** The same estimate the server makes before it accepts a new password. */
export const estimateStrength = async (password: string, userInputs: readonly string[]): Promise<StrengthEstimate> => {
  const result = await (await load()).checkAsync(password.slice(0, 256), [...userInputs]);
  return {
    score: result.score,
    isStrongEnough: result.score >= PASSWORD_MIN_STRENGTH,
    hint: result.feedback.warning ?? result.feedback.suggestions[0] ?? null,
  };
};

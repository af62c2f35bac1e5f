import type { CatalogueMessage } from './area.ts';

/**
 * The pseudo-locale (issue 44's guard rail): a QA mode, not a language — `localStorage['wattdesk.pseudo'] = '1'`, read
 * once at start-up. Every catalogue message then shows as its English, accented and bracketed (`⟦Ĉĥàŕĝéŕš⟧`), and MUI's
 * own texts too, so any English left on a screen — a literal the catalogues never saw — stands out (e2e
 * pseudo-locale.spec.ts). Numbers and dates keep their en-US formats. The transforms (pseudo.ts) load in that mode only.
 */
const STORAGE_KEY = 'wattdesk.pseudo';

export const PSEUDO: boolean = (() => {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
})();

export type PseudoTransforms = {
  accentMessage: (message: CatalogueMessage) => CatalogueMessage;
  bracket: (text: string) => string;
  pseudoText: (text: string) => string;
};

let transforms: PseudoTransforms | undefined;

/** Loads the transforms; main.tsx waits for it before the first render when the mode is on. */
export const loadPseudo = async (): Promise<void> => {
  transforms = await import('./pseudo.ts');
};

/** The transforms, in pseudo mode once loaded. */
export const pseudo = (): PseudoTransforms => {
  if (!transforms) throw new Error('The pseudo-locale is on but its transforms are not loaded (main.tsx loads them first)');
  return transforms;
};

import { useSession } from '../lib/session-store.ts';
import { saveLanguage } from './language-api.ts';
import { useLanguage } from './language-store.ts';

/**
 * At each sign-in, the account's language and the page's meet (issue 44): a language picked on the sign-in page just
 * now is the newest choice and is kept on the account; otherwise the account's choice (made in another browser)
 * shows. An account without a choice keeps what the browser's languages chose.
 */
export const followAccountLanguage = (): (() => void) =>
  useSession.subscribe((state, previous) => {
    const user = state.user;
    if (!user || previous.user) return;
    const { pickedSignedOut, choose } = useLanguage.getState();
    useLanguage.setState({ pickedSignedOut: null });
    if (pickedSignedOut && pickedSignedOut !== user.language) {
      // Not being able to keep it costs the user nothing now: the page is already in it.
      saveLanguage(pickedSignedOut).catch(() => undefined);
      return;
    }
    if (user.language) void choose(user.language);
  });

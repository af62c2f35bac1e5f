import { validationMessages } from '@wattdesk/shared/messages';
import { fieldLabels } from '@wattdesk/shared/schema-messages';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../catalogues.ts';
import { useLanguage } from '../language-store.ts';
import { useSentence } from '../sentences.ts';

const Message = ({ english }: { english: string }) => {
  const sentence = useSentence();
  return <p>{sentence(english)}</p>;
};
const show = (english: string) =>
  render(
    <Suspense fallback={<p>loading</p>}>
      <Message english={english} />
    </Suspense>,
  );

afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

describe('a shared sentence written in the browser, in the page’s language (issue 44)', () => {
  it('shows a schema’s validation message in German, the field named in German too', async () => {
    await useLanguage.getState().choose('de');
    await loadEveryArea('de');
    show(validationMessages.required(fieldLabels.firstName));
    expect(await screen.findByText('Vorname: Pflichtfeld')).toBeInTheDocument();
  });

  it('keeps English as written, and a sentence no catalogue holds as it came', async () => {
    show(validationMessages.required(fieldLabels.firstName));
    expect(screen.getByText('First name Field is required')).toBeInTheDocument();
    await useLanguage.getState().choose('fr');
    await loadEveryArea('fr');
    show('A model name has at most 21 characters');
    expect(await screen.findByText('A model name has at most 21 characters')).toBeInTheDocument();
  });
});

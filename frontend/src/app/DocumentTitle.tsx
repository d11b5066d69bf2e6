import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { isScreenHandle } from './screenHandle';

/** Titles the browser tab after the screen shown ("Partneri · Vitrina"), in the language in use. */
export function DocumentTitle() {
  // Bound to 'loaded' too: a screen's own strings may arrive after a deep link's first render.
  const { t, i18n } = useTranslation(undefined, { bindI18n: 'languageChanged loaded' });
  const matches = useMatches();
  const key = [...matches].reverse().find((m) => isScreenHandle(m.handle))?.handle as { title: string } | undefined;
  const app = t('app.title');
  const page = key && i18n.exists(key.title) ? t(key.title) : undefined;
  const title = page ? t('app.document_title', { page, app }) : app;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

import { addLocale, locale, localeOptions, updateLocaleOptions } from 'primereact/api';
import type { Language } from '../shared/i18n/languages';

// PrimeReact's own texts (empty lists, paginator and password aria labels) in Montenegrin;
// English is PrimeReact's built-in 'en'. The calendar's texts load with the date fields
// (shared/form/calendarLocale.ts).
addLocale('sr-Latn-ME', {
  accept: 'Da',
  reject: 'Ne',
  clear: 'Obriši',
  apply: 'Primijeni',
  cancel: 'Odustani',
  choose: 'Izaberi',
  emptyMessage: 'Nema podataka',
  emptyFilterMessage: 'Nema rezultata',
  aria: {
    close: 'Zatvori',
    firstPageLabel: 'Prva strana',
    lastPageLabel: 'Posljednja strana',
    nextPageLabel: 'Sljedeća strana',
    prevPageLabel: 'Prethodna strana',
    pageLabel: 'Strana {page}',
    rowsPerPageLabel: 'Redova po strani',
    jumpToPageDropdownLabel: 'Izbor strane',
    jumpToPageInputLabel: 'Unos strane',
    listLabel: 'Lista opcija',
    selectAll: 'Sve izabrano',
    unselectAll: 'Ništa izabrano',
    selectRow: 'Izaberi',
    unselectRow: 'Poništi izbor',
    navigation: 'Navigacija',
    trueLabel: 'Da',
    falseLabel: 'Ne',
    nullLabel: 'Nije izabrano',
  },
});

// Row checkboxes are labelled "<selectRow> <name>"; PrimeReact's English says "Row Selected".
updateLocaleOptions(
  { aria: { ...(localeOptions('en') as { aria?: object }).aria, selectRow: 'Select', unselectRow: 'Unselect' } },
  'en',
);

export function applyPrimeLocale(language: Language): void {
  locale(language === 'en' ? 'en' : 'sr-Latn-ME');
}

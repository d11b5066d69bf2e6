import { addLocale, locale, localeOptions, updateLocaleOptions } from 'primereact/api';
import type { Language } from '../shared/i18n/languages';

// PrimeReact's own texts (empty lists, paginator and password aria labels) in Montenegrin;
// English is PrimeReact's built-in 'en'.
addLocale('sr-Latn-ME', {
  accept: 'Da',
  reject: 'Ne',
  clear: 'Obriši',
  apply: 'Primijeni',
  cancel: 'Odustani',
  choose: 'Izaberi',
  emptyMessage: 'Nema podataka',
  emptyFilterMessage: 'Nema rezultata',
  // The calendars of the date fields.
  dateFormat: 'dd.mm.yy.',
  firstDayOfWeek: 1,
  dayNames: ['nedjelja', 'ponedjeljak', 'utorak', 'srijeda', 'četvrtak', 'petak', 'subota'],
  dayNamesShort: ['ned', 'pon', 'uto', 'sri', 'čet', 'pet', 'sub'],
  dayNamesMin: ['ne', 'po', 'ut', 'sr', 'če', 'pe', 'su'],
  monthNames: [
    'januar',
    'februar',
    'mart',
    'april',
    'maj',
    'jun',
    'jul',
    'avgust',
    'septembar',
    'oktobar',
    'novembar',
    'decembar',
  ],
  monthNamesShort: ['jan', 'feb', 'mar', 'apr', 'maj', 'jun', 'jul', 'avg', 'sep', 'okt', 'nov', 'dec'],
  today: 'Danas',
  weekHeader: 'Sed',
  chooseDate: 'Izaberite datum',
  chooseMonth: 'Izaberite mjesec',
  chooseYear: 'Izaberite godinu',
  prevMonth: 'Prethodni mjesec',
  nextMonth: 'Sljedeći mjesec',
  prevYear: 'Prethodna godina',
  nextYear: 'Sljedeća godina',
  prevDecade: 'Prethodna decenija',
  nextDecade: 'Sljedeća decenija',
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

import { addLocale, localeOptions, updateLocaleOption } from 'primereact/api';

/**
 * The calendar's Montenegrin texts and date format, added to PrimeReact's 'sr-Latn-ME' locale
 * (app/primeLocale.ts) when the first date field loads: the login page does not need them.
 * English is PrimeReact's built-in 'en', with the same short day format.
 */
addLocale('sr-Latn-ME', {
  ...(localeOptions('sr-Latn-ME') as object | undefined),
  // Days without a leading zero: a day's cell is named by its date, which must hold the shown number.
  dateFormat: 'd.m.yy.',
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
});
updateLocaleOption('dateFormat', 'm/d/yy', 'en');

/**
 * Countries of the billing form (000 §5: two uppercase letters) and the tax model checkout and
 * previews share (design/payments.md §3: one tax model, used the same way in preview and charge).
 * Names come from the browser's Intl.DisplayNames; only the codes live here.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** Standard VAT rates (percent) of the EU member states, where EUR prices and taxes apply. */
const EU_VAT_RATES: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
};

/** European countries outside the EU: the business question shows for them too (000 §2). */
const OTHER_EUROPEAN = [
  'AD',
  'AL',
  'BA',
  'CH',
  'GB',
  'IS',
  'LI',
  'MC',
  'MD',
  'ME',
  'MK',
  'NO',
  'RS',
  'SM',
  'UA',
  'VA',
];

/** The seller's own country (legal entity BE): a business there pays its VAT, no reverse charge. */
const SELLER_COUNTRY = 'BE';

export const isEuCountry = (country: string) => country in EU_VAT_RATES;

/** CHK-020: whether the billing form asks "business purchase?" for this country. */
export const isEuropeanCountry = (country: string) =>
  isEuCountry(country) || OTHER_EUROPEAN.includes(country);

/** The currency a buyer in this country pays in: EUR inside the EU, USD elsewhere. */
export const currencyForCountry = (country: string): 'EUR' | 'USD' => (isEuCountry(country) ? 'EUR' : 'USD');

/**
 * The VAT rate (percent) a purchase carries: the country's standard rate for a consumer in the
 * EU; none for an EU business outside the seller's country (reverse charge, it accounts for the
 * VAT itself) and none outside the EU.
 */
export function taxRateFor(purchase: { country: string; isBusiness: boolean }): number {
  const rate = EU_VAT_RATES[purchase.country];
  if (rate === undefined) return 0;
  if (purchase.isBusiness && purchase.country !== SELLER_COUNTRY) return 0;
  return rate;
}

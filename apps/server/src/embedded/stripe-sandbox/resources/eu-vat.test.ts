import { describe, expect, it } from 'vitest';
import { euVatCountry } from './eu-vat';

describe('EU VAT id shapes', () => {
  it.each([
    ['DE123456789', 'DE'],
    ['de 123.456.789', 'DE'],
    ['FRAB123456789', 'FR'],
    ['NL123456789B01', 'NL'],
    ['EL123456789', 'EL'],
    ['ATU12345678', 'AT'],
  ])('CHK-074 accepts %s as a VAT id of %s', (value, country) => {
    expect(euVatCountry(value)).toBe(country);
  });

  it.each(['123456789', 'DE12345678', 'DE1234567890', 'GR123456789', 'US123456789', 'ATX12345678', ''])(
    'CHK-074 refuses %s',
    (value) => {
      expect(euVatCountry(value)).toBeNull();
    },
  );
});

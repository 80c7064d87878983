import { Anchor, NativeSelect, Radio, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { COUNTRY_CODES, isEuropeanCountry, type CheckoutForm } from '@mergeboard/core';

export type FormErrors = Partial<Record<keyof CheckoutForm, string>>;

function countryOptions() {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
}

const COUNTRIES = countryOptions();

/**
 * CHK-018 CHK-019 CHK-020 CHK-021: the billing information fields. The domain is read-only, with a way to
 * sign in with another account; the business question shows for European countries only and a new
 * country answers it No again.
 */
export function BillingFormFields({
  form,
  errors,
  onChange,
  domain,
  signInHref,
}: {
  form: CheckoutForm;
  errors: FormErrors;
  onChange: (next: Partial<CheckoutForm>) => void;
  domain: string | null;
  signInHref: string;
}) {
  const text = (field: 'vatNumber' | 'companyName' | 'name' | 'street' | 'city' | 'state' | 'code') => ({
    value: form[field],
    error: errors[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ [field]: event.currentTarget.value }),
  });
  return (
    <Stack gap="md">
      {domain && (
        <TextInput
          label="Domain"
          value={domain}
          readOnly
          description={
            <>
              Buying for another domain?{' '}
              <Anchor href={signInHref} inherit underline="always">
                sign in
              </Anchor>{' '}
              with an account of that domain.
            </>
          }
        />
      )}
      <NativeSelect
        label="Country"
        data={COUNTRIES}
        value={form.country}
        error={errors.country}
        onChange={(event) => onChange({ country: event.currentTarget.value, isBusinessPurchase: false })}
      />
      {isEuropeanCountry(form.country) && (
        <Radio.Group
          label="Is this a business purchase?"
          value={form.isBusinessPurchase ? 'yes' : 'no'}
          onChange={(value) => onChange({ isBusinessPurchase: value === 'yes' })}
          error={errors.isBusinessPurchase}
        >
          <Group mt="xs">
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
          </Group>
        </Radio.Group>
      )}
      {form.isBusinessPurchase && <TextInput label="VAT ID" {...text('vatNumber')} />}
      <TextInput label="Company name" {...text('companyName')} />
      <TextInput label="Name" autoComplete="name" {...text('name')} />
      <TextInput label="Street address" autoComplete="street-address" {...text('street')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="City" autoComplete="address-level2" {...text('city')} />
        <TextInput label="State / Province (optional)" autoComplete="address-level1" {...text('state')} />
      </SimpleGrid>
      <TextInput label="Postal code (optional)" autoComplete="postal-code" {...text('code')} />
    </Stack>
  );
}

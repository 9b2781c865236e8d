/**
 * Phone-number checks with libphonenumber-js (docs/product/validation-messages.md#registration); pure, used on both
 * sides.
 */
import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { DEFAULT_PHONE_COUNTRY } from './limits';

export function isValidPhone(phoneNumber: string, defaultCountry: string = DEFAULT_PHONE_COUNTRY): boolean {
  try {
    return isValidPhoneNumber(phoneNumber, defaultCountry as CountryCode);
  } catch {
    return false;
  }
}

/** E.164 form and the country the number belongs to, or null when it is not a valid number. */
export function normalisePhone(phoneNumber: string, defaultCountry: string = DEFAULT_PHONE_COUNTRY) {
  const parsed = parsePhoneNumberFromString(phoneNumber, defaultCountry as CountryCode);
  if (!parsed?.isValid()) return null;
  return {
    e164: parsed.number as string,
    countryCode: parsed.country ?? null,
    international: parsed.formatInternational(),
  };
}

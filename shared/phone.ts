/**
 * Phone-number checks with libphonenumber-js (docs/product/validation-messages.md#registration); pure, used on both
 * sides.
 */
import {
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js';
import { DEFAULT_PHONE_COUNTRY } from './limits';

export function isValidPhone(phoneNumber: string, defaultCountry: string = DEFAULT_PHONE_COUNTRY): boolean {
  try {
    return isValidPhoneNumber(phoneNumber, defaultCountry as CountryCode);
  } catch {
    return false;
  }
}

/**
 * The reader's country for a number (docs/product/accounts.md#registration): the country they chose whenever the number
 * dials through that country's code, because several countries share one (+44 is GB, Guernsey, Jersey and the Isle
 * of Man; +1 the US, Canada and the Caribbean) and the number alone cannot tell them apart: 07911 123456 chosen as
 * GB stays GB. Only a number of another calling code takes the country it belongs to.
 */
export function countryOfNumber(parsed: PhoneNumber, chosenCountry: string): string | null {
  try {
    if (parsed.countryCallingCode === getCountryCallingCode(chosenCountry as CountryCode)) return chosenCountry;
  } catch {
    // Not a country libphonenumber-js knows: the number decides.
  }
  return parsed.country ?? null;
}

/** E.164 form and the reader's country for it (countryOfNumber), or null when it is not a valid number. */
export function normalisePhone(phoneNumber: string, defaultCountry: string = DEFAULT_PHONE_COUNTRY) {
  const parsed = parsePhoneNumberFromString(phoneNumber, defaultCountry as CountryCode);
  if (!parsed?.isValid()) return null;
  return {
    e164: parsed.number as string,
    countryCode: countryOfNumber(parsed, defaultCountry),
    international: parsed.formatInternational(),
  };
}

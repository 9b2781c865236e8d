/**
 * Phone-number helpers for the register and profile forms (libphonenumber-js, in the lazy auth and
 * profile chunks only): the country list of the picker, formatting as the reader types, and the
 * payload sent to the API (E.164 plus the country detected from the number).
 */
import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { DEFAULT_PHONE_COUNTRY } from '@shared/limits';
import { countryOfNumber } from '@shared/phone';

export interface TCountryOption {
  code: CountryCode;
  name: string;
  callingCode: string;
  flag: string;
}

/** The regional-indicator pair that renders as the country's flag emoji. */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

let countryOptions: TCountryOption[] | null = null;

/** Every country libphonenumber-js knows, named in English and sorted by name. */
export function getCountryOptions(): TCountryOption[] {
  if (countryOptions) return countryOptions;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en-GB'], { type: 'region' });
  } catch {
    names = null;
  }
  countryOptions = getCountries()
    .map((code) => ({
      code,
      name: names?.of(code) ?? code,
      callingCode: getCountryCallingCode(code),
      flag: flagEmoji(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  return countryOptions;
}

export function isKnownCountry(code: string | null | undefined): code is CountryCode {
  return Boolean(code) && getCountries().includes(code as CountryCode);
}

export function toCountry(code: string | null | undefined): CountryCode {
  return isKnownCountry(code) ? code : (DEFAULT_PHONE_COUNTRY as CountryCode);
}

/**
 * Formats the text as typed: international ("+44 7400 123456") when it starts with '+', else in the
 * picker country's national format. Returns the country the digits belong to once that is known.
 */
export function formatAsTyped(raw: string, country: string): { text: string; detectedCountry: CountryCode | null } {
  const cleaned = raw.replace(/[^\d+()\-\s]/g, '').replace(/(?!^)\+/g, '');
  if (!cleaned.trim()) return { text: '', detectedCountry: null };
  const isInternational = cleaned.trimStart().startsWith('+');
  const formatter = new AsYouType(isInternational ? undefined : toCountry(country));
  const text = formatter.input(cleaned.trim());
  return { text, detectedCountry: isInternational ? (formatter.getCountry() ?? null) : null };
}

/** The international format of a valid number ("+44 7400 123456"), or null. */
export function toInternational(phone: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, toCountry(country));
  return parsed?.isValid() ? parsed.formatInternational() : null;
}

/**
 * What the API receives (docs/product/data-model.md#client-visible-entities): phoneNumber in E.164 when valid, and
 * countryCode: the picker's country when the number dials through its calling code (GB + 07911 123456 stays GB, not
 * Guernsey; docs/product/accounts.md#registration), else the country detected from the number.
 */
export function phonePayload(phone: string, pickerCountry: string): { phoneNumber: string; countryCode: string } {
  const country = toCountry(pickerCountry);
  const parsed = parsePhoneNumberFromString(phone, country);
  if (!parsed) return { phoneNumber: phone.trim(), countryCode: country };
  return {
    phoneNumber: parsed.isValid() ? parsed.number : phone.trim(),
    countryCode: countryOfNumber(parsed, country) ?? country,
  };
}

/** The example shown as placeholder, in international format. */
export function phonePlaceholder(country: string): string {
  const code = toCountry(country);
  return code === 'GB' ? '+44 7400 123456' : `+${getCountryCallingCode(code)} …`;
}

/**
 * Phone number with a country picker (docs/product/routes-and-screens.md#register-screen: default GB, international
 * format, flags). The picker is a native <select> laid over a compact "🇬🇧 +44" button face, so it stays keyboard- and
 * screen-reader-friendly and opens the platform's own list on phones. Typing is formatted as you go; an international
 * number moves the picker to the country it belongs to.
 */
import { forwardRef, useMemo, type FocusEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { formatAsTyped, getCountryOptions, phonePlaceholder, toCountry, toInternational } from '@web/lib/phone-format';
import type { FieldA11yProps } from './form-field';

export interface PhoneFieldProps {
  a11y: FieldA11yProps;
  value: string;
  country: string;
  onChange: (value: string) => void;
  onCountryChange: (country: string) => void;
  onBlur?: () => void;
  name?: string;
  disabled?: boolean;
}

export const PhoneField = forwardRef<HTMLInputElement, PhoneFieldProps>(
  ({ a11y, value, country, onChange, onCountryChange, onBlur, name, disabled }, ref) => {
    const options = useMemo(() => getCountryOptions(), []);
    const selected = options.find((option) => option.code === toCountry(country)) ?? options[0];

    function handleInput(next: string) {
      // Deleting keeps the text as it is, so backspace is never "stuck" behind a formatting space.
      if (next.length < value.length) {
        onChange(next);
        return;
      }
      const { text, detectedCountry } = formatAsTyped(next, country);
      onChange(text);
      if (detectedCountry && detectedCountry !== country) onCountryChange(detectedCountry);
    }

    function handleBlur(_event: FocusEvent<HTMLInputElement>) {
      const international = toInternational(value, country);
      if (international && international !== value) onChange(international);
      onBlur?.();
    }

    return (
      <div className="flex gap-2">
        <div
          className={cn(
            'relative flex h-10 shrink-0 items-center gap-1.5 rounded-md border border-input bg-background px-2.5 text-sm focus-within:ring-2 focus-within:ring-ring',
            disabled && 'opacity-50',
          )}
        >
          <span aria-hidden="true" className="text-base leading-none">
            {selected.flag}
          </span>
          <span aria-hidden="true" className="tabular-nums">
            +{selected.callingCode}
          </span>
          <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
          <select
            aria-label="Country"
            value={selected.code}
            disabled={disabled}
            onChange={(event) => onCountryChange(event.target.value)}
            className="absolute inset-0 size-full cursor-pointer opacity-0"
          >
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {`${option.flag} ${option.name} (+${option.callingCode})`}
              </option>
            ))}
          </select>
        </div>
        <Input
          ref={ref}
          {...a11y}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={phonePlaceholder(selected.code)}
          value={value}
          disabled={disabled}
          onChange={(event) => handleInput(event.target.value)}
          onBlur={handleBlur}
          className="min-w-0 flex-1"
        />
      </div>
    );
  },
);
PhoneField.displayName = 'PhoneField';

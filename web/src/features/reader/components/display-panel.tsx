/**
 * The "Display" panel (docs/product/reader.md#display-settings): page view or text view, the page
 * habits (one page at a time or continuous, two pages side by side on wide screens), the text view's
 * size, font, line spacing and margins, and the theme. Every choice applies at once and is kept on
 * this device.
 */
import type { ReactNode } from 'react';
import { Minus, Plus } from 'lucide-react';
import { effectivePageMode } from '../page-habits';
import {
  LINE_SPACINGS,
  TEXT_FONT_LABELS,
  TEXT_FONTS,
  TEXT_MARGIN_LABELS,
  TEXT_MARGINS,
  TEXT_SIZES_PX,
  type TReaderSettings,
} from '../reader-settings';
import { READER_THEME_LABELS, READER_THEMES, type TReaderTheme } from '../reader-theme';

const LINE_SPACING_LABELS: Record<(typeof LINE_SPACINGS)[number], string> = {
  1.3: 'Compact',
  1.5: 'Normal',
  1.7: 'Relaxed',
  2: 'Loose',
};

export interface DisplayPanelProps {
  settings: TReaderSettings;
  update: (change: Partial<TReaderSettings>) => void;
  theme: TReaderTheme;
  setTheme: (theme: TReaderTheme) => void;
  isWide: boolean;
}

function Choices<T extends string | number>({
  legend,
  name,
  options,
  value,
  labelOf,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  labelOf: (option: T) => string;
  onChange: (option: T) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => (
          <label
            key={String(option)}
            className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={option === value}
              onChange={() => onChange(option)}
            />
            {labelOf(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 border-b border-border px-4 py-4 last:border-b-0">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

export function DisplayPanelBody({ settings, update, theme, setTheme, isWide }: DisplayPanelProps) {
  const sizeIndex = TEXT_SIZES_PX.indexOf(settings.textSize as (typeof TEXT_SIZES_PX)[number]);
  const setSize = (index: number) =>
    update({ textSize: TEXT_SIZES_PX[Math.min(TEXT_SIZES_PX.length - 1, Math.max(0, index))] });
  const pageMode = effectivePageMode(settings, isWide);
  return (
    <div className="flex flex-col">
      <Section title="View">
        <Choices
          legend="Show the book as"
          name="reader-view"
          options={['pages', 'text'] as const}
          value={settings.view}
          labelOf={(view) => (view === 'pages' ? 'Pages' : 'Text')}
          onChange={(view) => update({ view })}
        />
        <Choices
          legend="Theme"
          name="reader-theme"
          options={READER_THEMES}
          value={theme}
          labelOf={(option) => READER_THEME_LABELS[option]}
          onChange={setTheme}
        />
      </Section>
      <Section title="Pages">
        <Choices
          legend="Turning pages"
          name="reader-page-mode"
          options={['paginated', 'continuous'] as const}
          value={pageMode}
          labelOf={(mode) => (mode === 'paginated' ? 'One page at a time' : 'Continuous scroll')}
          onChange={(mode) => update({ pageMode: mode })}
        />
        {isWide && (
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-[var(--color-primary)]"
              checked={settings.spread}
              onChange={(event) => update({ spread: event.currentTarget.checked })}
            />
            Two pages side by side
          </label>
        )}
      </Section>
      <Section title="Text view">
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">Text size</legend>
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-label="Smaller text"
              onClick={() => setSize(sizeIndex - 1)}
              disabled={sizeIndex <= 0}
              className="inline-flex size-11 items-center justify-center rounded-md border border-border hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40"
            >
              <Minus className="size-4" aria-hidden="true" />
            </button>
            <output className="w-16 text-center text-sm tabular-nums" aria-live="polite" data-testid="text-size">
              {settings.textSize} px
            </output>
            <button
              type="button"
              aria-label="Larger text"
              onClick={() => setSize(sizeIndex + 1)}
              disabled={sizeIndex >= TEXT_SIZES_PX.length - 1}
              className="inline-flex size-11 items-center justify-center rounded-md border border-border hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40"
            >
              <Plus className="size-4" aria-hidden="true" />
            </button>
          </div>
        </fieldset>
        <Choices
          legend="Font"
          name="reader-text-font"
          options={TEXT_FONTS}
          value={settings.textFont}
          labelOf={(font) => TEXT_FONT_LABELS[font]}
          onChange={(textFont) => update({ textFont })}
        />
        <Choices
          legend="Line spacing"
          name="reader-line-spacing"
          options={LINE_SPACINGS}
          value={settings.lineSpacing as (typeof LINE_SPACINGS)[number]}
          labelOf={(spacing) => LINE_SPACING_LABELS[spacing]}
          onChange={(lineSpacing) => update({ lineSpacing })}
        />
        <Choices
          legend="Margins"
          name="reader-text-margins"
          options={TEXT_MARGINS}
          value={settings.textMargins}
          labelOf={(margins) => TEXT_MARGIN_LABELS[margins]}
          onChange={(textMargins) => update({ textMargins })}
        />
      </Section>
    </div>
  );
}

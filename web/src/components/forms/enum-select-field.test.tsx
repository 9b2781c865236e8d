import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { EnumSelectField } from './enum-select-field';

const SIZES = ['small', 'large'] as const;
const SIZE_LABELS = { small: 'Small', large: 'Large print' } as const;

function SizeForm({ onSubmit }: { onSubmit: (values: { size: (typeof SIZES)[number] }) => void }) {
  const form = useForm<{ size: (typeof SIZES)[number] }>({ defaultValues: { size: 'small' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <EnumSelectField
        id="size"
        label="Size"
        error="Choose a size"
        values={SIZES}
        labels={SIZE_LABELS}
        {...form.register('size')}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('EnumSelectField', () => {
  it('offers each value by its label in order, reports the error, and works with register()', async () => {
    let saved: unknown = null;
    render(<SizeForm onSubmit={(values) => (saved = values)} />);
    const select = screen.getByLabelText('Size');
    expect(Array.from(select.querySelectorAll('option')).map((option) => [option.value, option.textContent])).toEqual([
      ['small', 'Small'],
      ['large', 'Large print'],
    ]);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a size');
    await userEvent.selectOptions(select, 'Large print');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual({ size: 'large' });
  });
});

import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activeFilters } from '@/components/marketplace/browse/filter-panel';
import { SearchFilters } from '@/components/marketplace/browse/search-filters';
import { renderWithApp } from '../helpers/render';

// The pay filters of /opportunities name their currency (docs/api.md "Search"): the form offers
// the currency beside the amounts, requires it once an amount is typed, says so in the user's
// language, and carries it in the URL like the other filters.

const T = {
  en: {
    currency: 'Pay currency',
    min: 'Pay from',
    apply: 'Search',
    required: 'Choose the currency of the amounts.',
    yen: 'Japanese Yen (JPY)',
  },
  es: {
    currency: 'Moneda del pago',
    min: 'Pago desde',
    apply: 'Buscar',
    required: 'Elige la moneda de los importes.',
    yen: 'yen japonés (JPY)',
  },
};

const render = (locale: 'en' | 'es', values: Record<string, string> = {}) =>
  renderWithApp(<SearchFilters tab="jobs" values={values} countries={[]} />, { locale });

for (const locale of ['en', 'es'] as const) {
  const tx = T[locale];
  describe(`the pay currency of the filters (${locale})`, () => {
    it('offers the currencies beside the amounts, required once an amount is typed', async () => {
      const user = userEvent.setup();
      await render(locale);
      const select = screen.getByRole('combobox', { name: tx.currency });
      expect(select).not.toBeRequired();
      expect(screen.getByRole('option', { name: tx.yen })).toBeInTheDocument();
      await user.type(screen.getByLabelText(tx.min), '1000');
      expect(select).toBeRequired();
      // The browser's own check says why in the page's language.
      expect((select as HTMLSelectElement).validationMessage).toBe(tx.required);
      await user.selectOptions(select, 'JPY');
      expect((select as HTMLSelectElement).validationMessage).toBe('');
      await user.selectOptions(select, '');
      await user.clear(screen.getByLabelText(tx.min));
      expect(select).not.toBeRequired();
      expect((select as HTMLSelectElement).validationMessage).toBe('');
    });

    it('refuses a search with an amount and no currency, saying why under the currency', async () => {
      const user = userEvent.setup();
      const { router } = await render(locale);
      await user.type(screen.getByLabelText(tx.min), '1000');
      const select = screen.getByRole('combobox', { name: tx.currency });
      // The browser's check stops the search and names the field.
      await user.click(screen.getByRole('button', { name: tx.apply }));
      expect(router.push).not.toHaveBeenCalled();
      expect(select).toHaveAttribute('aria-invalid', 'true');
      expect(select).toHaveAccessibleDescription(expect.stringContaining(tx.required));
    });

    it('refuses it on submit too when the browser does not check, focusing the currency', async () => {
      const user = userEvent.setup();
      const { router } = await render(locale);
      await user.type(screen.getByLabelText(tx.min), '1000');
      const select = screen.getByRole('combobox', { name: tx.currency });
      fireEvent.submit(screen.getByRole('form'));
      expect(router.push).not.toHaveBeenCalled();
      expect(select).toHaveFocus();
      expect(select).toHaveAccessibleDescription(expect.stringContaining(tx.required));
    });

    it('puts the currency in the URL with the amounts', async () => {
      const user = userEvent.setup();
      const { router } = await render(locale);
      await user.type(screen.getByLabelText(tx.min), '1000');
      await user.selectOptions(screen.getByRole('combobox', { name: tx.currency }), 'JPY');
      await user.click(screen.getByRole('button', { name: tx.apply }));
      expect(router.push).toHaveBeenCalledWith({
        pathname: '/',
        query: { tab: 'jobs', min_pay: '1000', currency: 'JPY', sort: 'newest' },
      });
    });

    it('shows the currency the URL names', async () => {
      await render(locale, { min_pay: '5', currency: 'JPY' });
      expect(screen.getByRole('combobox', { name: tx.currency })).toHaveValue('JPY');
      expect(screen.getByRole('combobox', { name: tx.currency })).toBeRequired();
    });
  });
}

describe('the filters count', () => {
  it('counts the currency with its amounts as one filter, and alone as one', () => {
    expect(activeFilters('projects', { min_pay: '1', currency: 'USD' })).toBe(1);
    expect(activeFilters('projects', { min_pay: '1', max_pay: '9', currency: 'USD' })).toBe(2);
    expect(activeFilters('projects', { currency: 'USD' })).toBe(1);
  });
});

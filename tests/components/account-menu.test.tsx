import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AccountMenu } from '@/components/layout/account-menu';
import { SessionProvider } from '@/store/session';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

/** The menu of a signed-in user, with stored state already back (as after rehydration). */
async function renderMenu(locale: 'en' | 'es' = 'en') {
  const user = userEvent.setup();
  await renderWithApp(
    <SessionProvider persistor={null} rehydrated>
      <AccountMenu />
      <a href="#after">after the menu</a>
    </SessionProvider>,
    { locale, session: { user: makeUser(), accessToken: 'token' } },
  );
  const button = screen.getByRole('button', { name: locale === 'en' ? /account menu/i : /menú/i });
  return { user, button };
}

const items = () => screen.getAllByRole('menuitem');

describe('the account menu (WAI-ARIA menu button)', () => {
  it('is a menu button that opens on the first item and is labelled by the button', async () => {
    const { user, button } = await renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(menu).toHaveAttribute('aria-labelledby', button.id);
    expect(items().map((i) => i.textContent)).toEqual([
      'My profile',
      'My applications',
      'Edit profile',
      'Settings',
      'Access tokens',
      'Sign out',
    ]);
    expect(items()[0]).toHaveFocus();
    // One tab stop: the items are reached with the arrow keys.
    for (const item of items()) expect(item).toHaveAttribute('tabindex', '-1');
  });

  it('returns focus to the button when Escape is pressed on an item', async () => {
    const { user, button } = await renderMenu();
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(items()[1]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(document.body).not.toHaveFocus();
  });

  it('moves with ArrowDown/ArrowUp (wrapping), Home and End, and by first letter', async () => {
    const { user, button } = await renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(items()[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items()[5]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items()[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items()[5]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items()[0]).toHaveFocus();
    await user.keyboard('s');
    expect(items()[3]).toHaveFocus(); // Settings
    await user.keyboard('s');
    expect(items()[5]).toHaveFocus(); // Sign out
  });

  it('opens on the last item with ArrowUp', async () => {
    const { user, button } = await renderMenu('es');
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(items()[5]).toHaveTextContent('Cerrar sesión');
    expect(items()[5]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveFocus();
  });

  it('closes on Tab and moves on to the next control after the button', async () => {
    const { user, button } = await renderMenu();
    await user.click(button);
    expect(items()[0]).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'after the menu' })).toHaveFocus();
  });

  it('closes on a press outside', async () => {
    const { user, button } = await renderMenu();
    await user.click(button);
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

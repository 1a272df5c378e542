import { AccountMenu } from './account-menu';
import { MessagesLink } from './messages-link';
import { NotificationBell } from './notification-bell';

/**
 * The header's controls of a signed-in user: messages, the notifications bell, the account menu.
 * A chunk of its own (components/layout/header.tsx): a visitor, most often signed out, never loads
 * it (docs/performance.md "Budgets").
 */
export default function SignedInControls() {
  return (
    <>
      <MessagesLink />
      <NotificationBell />
      <AccountMenu />
    </>
  );
}

import { useTranslation } from 'next-i18next/pages';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import styles from './bulk.module.css';

/** The board's shortcuts, as the help lists them (./use-board-keys.ts). */
export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['j', '↓'], what: 'next' },
  { keys: ['k', '↑'], what: 'previous' },
  { keys: ['l', '→'], what: 'next_column' },
  { keys: ['h', '←'], what: 'previous_column' },
  { keys: ['Enter', 'o'], what: 'open' },
  { keys: ['x', 'Space'], what: 'select' },
  { keys: ['Shift + x', 'Shift + Space'], what: 'range' },
  { keys: ['s'], what: 'shortlist' },
  { keys: ['r'], what: 'reject' },
  { keys: ['?'], what: 'help' },
  { keys: ['Esc'], what: 'escape' },
];

/** The help of the board's keyboard shortcuts (`?`), every one also reachable by its button. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('pipeline');
  return (
    <Dialog
      open={open}
      title={t('shortcuts.title')}
      onClose={onClose}
      actions={
        <Button variant="primary" onClick={onClose}>
          {t('shortcuts.close')}
        </Button>
      }
    >
      <p>{t('shortcuts.intro')}</p>
      <table className={styles.keys}>
        <thead>
          <tr>
            <th scope="col">{t('shortcuts.key')}</th>
            <th scope="col">{t('shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(({ keys, what }) => (
            <tr key={what}>
              <td>
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ` ${t('shortcuts.or')} `}
                    <kbd>
                      {k.replace('Space', t('shortcuts.space')).replace('Esc', t('shortcuts.esc'))}
                    </kbd>
                  </span>
                ))}
              </td>
              <td>{t(`shortcuts.do.${what}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}

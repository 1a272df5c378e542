import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import styles from './wallets.module.css';

/** `ABCDEF…WXYZ`: long addresses shortened for the eye; the whole one is in the title and copy. */
export const shorten = (address: string) =>
  address.length > 16 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;

/** A wallet address, shortened, with a button that copies the whole of it. */
export function ShortAddress({ address }: { address: string }) {
  const { t } = useTranslation('wallet');
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (insecure context): the full address stays selectable in the title.
    }
  }

  return (
    <span className={styles.address}>
      <code title={address}>{shorten(address)}</code>
      <Button
        variant="ghost"
        className={styles.copy}
        onClick={() => void copy()}
        aria-label={t('settings.copy_label', { address })}
      >
        {t('settings.copy')}
      </Button>
      <span role="status" className={styles.muted}>
        {copied ? t('settings.copied') : ''}
      </span>
    </span>
  );
}

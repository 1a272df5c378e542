import { useTranslation } from 'next-i18next/pages';
import { useId, useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { errorText } from '@/lib/error-text';
import { assetUrl } from '@/lib/profile/asset-url';
import { PROFILE_LIMITS } from '@/lib/schemas/profile';
import { uploadImage } from '@/services/upload-service';
import { initialsOf } from './company-view';
import styles from './company.module.css';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MB = 1024 * 1024;

/**
 * The company's logo, as the profile photo (components/profile/avatar-field.tsx): uploaded at once
 * with POST /image and previewed; kept by the form's Save.
 */
export function LogoField({
  url,
  name,
  error: fieldError,
  onUploading,
  onChange,
}: {
  url: string;
  name: string;
  error: string | null;
  onUploading: (busy: boolean) => void;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation('company');
  const { t: tc } = useTranslation('common');
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();

  async function picked(file: File) {
    // Refused here before sending, with the same words the server would use.
    if (!IMAGE_TYPES.includes(file.type)) return setError(errorText(tc, { code: 'image_type' }));
    if (file.size > PROFILE_LIMITS.imageBytes) {
      return setError(
        errorText(tc, { code: 'file_too_large', params: { max: PROFILE_LIMITS.imageBytes / MB } }),
      );
    }
    setError(null);
    setBusy(true);
    onUploading(true);
    const outcome = await uploadImage(file);
    setBusy(false);
    onUploading(false);
    if (!outcome.ok) return setError(failureText(outcome.failure));
    onChange(outcome.data.url);
  }

  const shown = error ?? fieldError;
  return (
    <div className={styles.logoRow}>
      {url ? (
        <img
          src={assetUrl(url)}
          alt={t('page.logo_alt', { name })}
          className={styles.logo}
          width={96}
          height={96}
        />
      ) : (
        <span className={styles.initials} aria-hidden="true">
          {initialsOf(name)}
        </span>
      )}
      <div>
        <p className={styles.kind}>{t('edit.logo')}</p>
        <div className={styles.actions}>
          <FileButton
            label={url ? t('edit.logo_change') : t('edit.logo_add')}
            accept={IMAGE_TYPES.join(',')}
            onFile={(f) => void picked(f)}
            disabled={busy}
            describedBy={hintId}
          />
          {url && (
            <Button variant="ghost" onClick={() => onChange('')} disabled={busy}>
              {t('edit.logo_remove')}
            </Button>
          )}
        </div>
        <p id={hintId} className={styles.muted} role="status">
          {busy ? t('edit.uploading') : t('edit.logo_hint')}
        </p>
        {shown && (
          <p className={styles.error} role="alert">
            {shown}
          </p>
        )}
      </div>
    </div>
  );
}

import { useTranslation } from 'next-i18next/pages';
import { useId, useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { errorText } from '@/lib/error-text';
import { assetUrl } from '@/lib/profile/asset-url';
import { PROFILE_LIMITS } from '@/lib/schemas/profile';
import { uploadImage } from '@/services/upload-service';
import styles from './profile-edit.module.css';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MB = 1024 * 1024;

/** The profile photo: uploaded at once with POST /image and previewed; kept by the section's Save. */
export function AvatarField({
  url,
  name,
  initials,
  onUploading,
  onChange,
}: {
  url: string;
  /** Whose photo it is, for its text alternative. */
  name: string;
  initials: string;
  onUploading: (busy: boolean) => void;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation('profile');
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

  return (
    <div className={styles.avatarRow}>
      {url ? (
        // A plain <img>: uploads come from the API, not through next/image's optimizer.
        <img
          src={assetUrl(url)}
          alt={t('fields.avatar_alt', { name })}
          className={styles.avatar}
          width={96}
          height={96}
        />
      ) : (
        <span className={styles.avatarInitials} aria-hidden="true">
          {initials}
        </span>
      )}
      <div>
        <p className={styles.avatarLabel}>{t('fields.avatar')}</p>
        <div className={styles.inlineActions}>
          <FileButton
            label={url ? t('fields.avatar_change') : t('fields.avatar_add')}
            accept={IMAGE_TYPES.join(',')}
            onFile={(f) => void picked(f)}
            disabled={busy}
            describedBy={hintId}
          />
          {url && (
            <Button variant="ghost" onClick={() => onChange('')} disabled={busy}>
              {t('fields.avatar_remove')}
            </Button>
          )}
        </div>
        <p id={hintId} className={styles.hint} role="status">
          {busy ? t('fields.uploading') : t('fields.avatar_hint')}
        </p>
        {error && (
          <p className={styles.tagError} role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

import { useTranslation } from 'next-i18next/pages';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { assetUrl } from '@/lib/profile/asset-url';
import { LIMITS } from '@/lib/profile/validation';
import type { TImageUpload } from '@/services/profile-service';
import styles from './profile-edit.module.css';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The profile photo: uploaded at once with POST /image and previewed; kept by the section's Save. */
export function AvatarField({
  url,
  initials,
  upload,
  onUploading,
  onChange,
}: {
  url: string;
  initials: string;
  upload: (file: File) => Promise<TImageUpload | null>;
  onUploading: (busy: boolean) => void;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation('profile');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();

  async function picked(file: File) {
    if (!IMAGE_TYPES.includes(file.type)) return setError(t('form.errors.image_type'));
    if (file.size > LIMITS.imageBytes) return setError(t('form.errors.image_too_big'));
    setError(null);
    setBusy(true);
    onUploading(true);
    const res = await upload(file);
    setBusy(false);
    onUploading(false);
    if (!res) return setError(t('form.errors.upload_failed'));
    onChange(res.url);
  }

  return (
    <div className={styles.avatarRow}>
      {url ? (
        // A plain <img>: uploads come from the API, not through next/image's optimizer.
        <img
          src={assetUrl(url)}
          alt={t('fields.avatar_preview')}
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

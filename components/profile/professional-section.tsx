import { useTranslation } from 'next-i18next/pages';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { TextField } from '@/components/ui/text-field';
import { formatFileSize } from '@/lib/format/file-size';
import { assetUrl } from '@/lib/profile/asset-url';
import { LIMITS, linkError } from '@/lib/profile/validation';
import { compactErrors } from '@/lib/validation';
import { uploadFile, type TFileUpload } from '@/services/profile-service';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { EditSection, SaveBar } from './edit-section';
import styles from './profile-edit.module.css';
import { useInfoSave, type TSaveInfo } from './use-info-save';

const LINKS = ['linkedin', 'github', 'website'] as const;
type TLinkKey = (typeof LINKS)[number];
const LINK_TEXTS: Record<TLinkKey, { label: string; placeholder: string }> = {
  linkedin: { label: 'fields.linkedin', placeholder: 'fields.linkedin_placeholder' },
  github: { label: 'fields.github', placeholder: 'fields.github_placeholder' },
  website: { label: 'fields.website', placeholder: 'fields.website_placeholder' },
};
const CV_TYPES = '.pdf,.doc,.docx,.png,.jpg,.jpeg,application/pdf';

/** Professional info: links and the CV (uploaded with POST /file, saved with PATCH /users/info). */
export function ProfessionalSection({
  saveInfo,
  upload = uploadFile,
}: {
  saveInfo?: TSaveInfo;
  upload?: (file: File) => Promise<TFileUpload | null>;
}) {
  const { t } = useTranslation('profile');
  const user = useAppSelector(selectUser)!;
  const [links, setLinks] = useState<Record<TLinkKey, string>>(() => ({
    linkedin: user.links?.linkedin ?? '',
    github: user.links?.github ?? '',
    website: user.links?.website ?? '',
  }));
  const [cvUrl, setCvUrl] = useState(user.cv_url ?? '');
  const [cvFile, setCvFile] = useState<TFileUpload | null>(null);
  const [errors, setErrors] = useState<Partial<Record<TLinkKey | 'cv', string>>>({});
  const [busy, setBusy] = useState(false);
  const { save, progress } = useInfoSave(saveInfo);
  const cvHintId = useId();
  const dirty =
    LINKS.some((k) => links[k].trim() !== (user.links?.[k] ?? '')) || cvUrl !== (user.cv_url ?? '');

  async function picked(file: File) {
    if (file.size > LIMITS.fileBytes)
      return setErrors((e) => ({ ...e, cv: 'form.errors.file_too_big' }));
    setErrors((e) => ({ ...e, cv: undefined }));
    setBusy(true);
    const res = await upload(file);
    setBusy(false);
    if (!res) return setErrors((e) => ({ ...e, cv: 'form.errors.upload_failed' }));
    setCvFile(res);
    setCvUrl(res.url);
  }

  async function onSave() {
    const next = compactErrors({
      linkedin: linkError(links.linkedin),
      github: linkError(links.github),
      website: linkError(links.website),
    });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const clean = (k: TLinkKey) => links[k].trim() || null;
    await save({
      links: { linkedin: clean('linkedin'), github: clean('github'), website: clean('website') },
      cv_url: cvUrl || null,
    });
  }

  return (
    <EditSection
      id="professional"
      description={t('edit.descriptions.professional')}
      footer={
        <SaveBar onSave={() => void onSave()} progress={progress} dirty={dirty} disabled={busy} />
      }
    >
      {LINKS.map((k) => (
        <TextField
          key={k}
          label={t(LINK_TEXTS[k].label)}
          type="url"
          inputMode="url"
          placeholder={t(LINK_TEXTS[k].placeholder)}
          value={links[k]}
          maxLength={LIMITS.link}
          onChange={(e) => setLinks((l) => ({ ...l, [k]: e.target.value }))}
          error={errors[k] ? t(errors[k]!) : null}
        />
      ))}
      <div className={styles.cv}>
        <p className={styles.avatarLabel}>{t('fields.cv')}</p>
        {cvUrl ? (
          <p className={styles.cvFile}>
            <a href={assetUrl(cvUrl)} target="_blank" rel="noopener noreferrer">
              {cvFile ? cvFile.name : t('fields.cv_current')}
            </a>
            {cvFile && <span className={styles.muted}> · {formatFileSize(cvFile.size)}</span>}
          </p>
        ) : (
          <p className={styles.muted}>{t('fields.cv_none')}</p>
        )}
        <div className={styles.inlineActions}>
          <FileButton
            label={cvUrl ? t('fields.cv_replace') : t('fields.cv_upload')}
            accept={CV_TYPES}
            onFile={(f) => void picked(f)}
            disabled={busy}
            describedBy={cvHintId}
          />
          {cvUrl && (
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setCvUrl('');
                setCvFile(null);
              }}
            >
              {t('fields.cv_remove')}
            </Button>
          )}
        </div>
        <p id={cvHintId} className={styles.hint} role="status">
          {busy ? t('fields.uploading') : t('fields.cv_hint')}
        </p>
        {errors.cv && (
          <p className={styles.tagError} role="alert">
            {t(errors.cv)}
          </p>
        )}
      </div>
    </EditSection>
  );
}

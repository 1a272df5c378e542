import { useTranslation } from 'next-i18next/pages';
import { useId, useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { Button } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/error-text';
import { formatFileSize } from '@/lib/format/file-size';
import { assetUrl } from '@/lib/profile/asset-url';
import { PROFILE_LIMITS, userInfoSchema } from '@/lib/schemas/profile';
import { uploadFile } from '@/services/upload-service';
import type { TUser } from '@/types/user';
import { EditSection, SaveBar } from './edit-section';
import styles from './profile-edit.module.css';
import { useInfoSave } from './use-info-save';

const LINKS = ['linkedin', 'github', 'website'] as const;
type TLinkKey = (typeof LINKS)[number];
const LINK_TEXTS: Record<TLinkKey, { label: string; placeholder: string }> = {
  linkedin: { label: 'fields.linkedin', placeholder: 'fields.linkedin_placeholder' },
  github: { label: 'fields.github', placeholder: 'fields.github_placeholder' },
  website: { label: 'fields.website', placeholder: 'fields.website_placeholder' },
};
/** What `POST /file` takes for a CV, by extension (the server checks the bytes). */
const CV_EXTENSIONS = ['.pdf', '.doc', '.docx', '.png', '.jpg', '.jpeg'];
const MB = 1024 * 1024;

type TCvFile = { name: string; size: number };

/** Professional info: links and the CV (uploaded with POST /file, saved with PATCH /users/info). */
export function ProfessionalSection({ profile }: { profile: TUser }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const failureText = useFailureText();
  const [links, setLinks] = useState<Record<TLinkKey, string>>(() => ({
    linkedin: profile.links?.linkedin ?? '',
    github: profile.links?.github ?? '',
    website: profile.links?.website ?? '',
  }));
  const [cvUrl, setCvUrl] = useState(profile.cv_url ?? '');
  const [cvFile, setCvFile] = useState<TCvFile | null>(profile.cv_file ?? null);
  const [cvError, setCvError] = useState<string | null>(null);
  const fields = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const { save, progress } = useInfoSave();
  const cvHintId = useId();
  const dirty =
    LINKS.some((k) => links[k].trim() !== (profile.links?.[k] ?? '')) ||
    cvUrl !== (profile.cv_url ?? '');

  async function picked(file: File) {
    // Refused here before sending, with the same words the server would use.
    const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
    if (!CV_EXTENSIONS.includes(ext)) return setCvError(errorText(tc, { code: 'document_type' }));
    if (file.size > PROFILE_LIMITS.fileBytes) {
      return setCvError(
        errorText(tc, { code: 'file_too_large', params: { max: PROFILE_LIMITS.fileBytes / MB } }),
      );
    }
    setCvError(null);
    setBusy(true);
    const outcome = await uploadFile(file);
    setBusy(false);
    if (!outcome.ok) return setCvError(failureText(outcome.failure));
    setCvFile(outcome.data);
    setCvUrl(outcome.data.url);
  }

  async function onSave() {
    const input = { links, cv_url: cvUrl };
    if (!fields.check(userInfoSchema, input).ok) return;
    const refused = await save(input);
    if (refused) fields.setErrors(refused);
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
          maxLength={PROFILE_LIMITS.link}
          onChange={(e) => {
            setLinks((l) => ({ ...l, [k]: e.target.value }));
            fields.clear(`links.${k}`);
          }}
          error={fields.text(`links.${k}`)}
        />
      ))}
      <div className={styles.cv}>
        <p className={styles.avatarLabel}>{t('fields.cv')}</p>
        {cvUrl ? (
          <p className={styles.cvFile}>
            <a href={assetUrl(cvUrl)} target="_blank" rel="noopener noreferrer">
              {cvFile?.name ?? t('fields.cv_current')}
            </a>
            {cvFile && <span className={styles.muted}> · {formatFileSize(cvFile.size)}</span>}
          </p>
        ) : (
          <p className={styles.muted}>{t('fields.cv_none')}</p>
        )}
        <div className={styles.inlineActions}>
          <FileButton
            label={cvUrl ? t('fields.cv_replace') : t('fields.cv_upload')}
            accept={[...CV_EXTENSIONS, 'application/pdf'].join(',')}
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
        {(cvError ?? fields.text('cv_url')) && (
          <p className={styles.tagError} role="alert">
            {cvError ?? fields.text('cv_url')}
          </p>
        )}
      </div>
    </EditSection>
  );
}

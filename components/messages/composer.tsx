import { useTranslation } from 'next-i18next/pages';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { formatFileSize } from '@/lib/format/file-size';
import { messageDraftKey, safeStorage } from '@/lib/storage-keys';
import { useInBrowser } from '@/lib/use-in-browser';
import { failureOf } from '@/services/api';
import { MESSAGE_MAX_LENGTH, useSendMessageMutation } from '@/services/conversations-api';
import { uploadFile, type TFileUpload } from '@/services/upload-service';
import styles from './messages.module.css';

/** What may be attached: the upload rules of the CV (services/upload-service.ts `POST /file`). */
export const ATTACH_EXTENSIONS = ['.pdf', '.doc', '.docx', '.png', '.jpg', '.jpeg'];

/**
 * Writing in a thread (docs/product.md "Conversations"): the text keeps its line breaks
 * (Ctrl+Enter or Cmd+Enter sends), a file goes through the upload service first, and the draft
 * is kept per conversation in this browser until it is sent, so leaving the thread loses
 * nothing. A refusal says why: blocked (409, the server's words say who blocked), too many
 * (429, how long to wait).
 */
export function Composer({
  conversationId,
  userId,
  disabled,
}: {
  conversationId: number;
  userId: number;
  disabled: boolean;
}) {
  const { t } = useTranslation('messages');
  const failureText = useFailureText();
  const id = useId();
  const key = messageDraftKey(userId, conversationId);
  const inBrowser = useInBrowser();
  // The draft kept in this browser until the user edits it (storage is the browser's: the
  // server's render, and the one that takes it over, start empty).
  const [edited, setEdited] = useState<string | null>(null);
  const body = edited ?? (inBrowser ? (safeStorage.get(key) ?? '') : '');
  const [file, setFile] = useState<TFileUpload | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [send, { isLoading: sending }] = useSendMessageMutation();
  const area = useRef<HTMLTextAreaElement>(null);

  const change = (text: string) => {
    setEdited(text);
    if (text) safeStorage.set(key, text);
    else safeStorage.remove(key);
  };

  const over = body.length - MESSAGE_MAX_LENGTH;
  const busy = sending || uploading;

  const attach = async (picked: File) => {
    const ext = picked.name.slice(picked.name.lastIndexOf('.')).toLowerCase();
    if (!ATTACH_EXTENSIONS.includes(ext)) return setProblem(t('composer.file_type'));
    setProblem(null);
    setUploading(true);
    const outcome = await uploadFile(picked);
    setUploading(false);
    if (outcome.ok) setFile(outcome.data);
    else setProblem(failureText(outcome.failure, { fallback: t('composer.failed') }));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy || disabled) return;
    if (!body.trim()) {
      setProblem(t('composer.empty'));
      area.current?.focus();
      return;
    }
    if (over > 0) {
      area.current?.focus();
      return;
    }
    setProblem(null);
    const result = await send({
      id: conversationId,
      body,
      ...(file ? { file_id: file.id } : {}),
    });
    if ('error' in result) {
      setProblem(
        failureText(failureOf(result.error), {
          fallback: t('composer.failed'),
          serverWords: true,
        }),
      );
      return;
    }
    change('');
    setFile(null);
    area.current?.focus();
  };

  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };

  const countId = `${id}-count`;
  const problemId = `${id}-problem`;
  return (
    <form className={styles.composer} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-body`}>{t('composer.label')}</label>
      <textarea
        id={`${id}-body`}
        ref={area}
        className={styles.textarea}
        value={body}
        onChange={(e) => change(e.target.value)}
        onKeyDown={keyDown}
        rows={3}
        disabled={disabled}
        aria-invalid={over > 0 || undefined}
        aria-describedby={`${countId}${problem ? ` ${problemId}` : ''}`}
      />
      <p id={countId} className={`${styles.hint} ${over > 0 ? styles.over : ''}`}>
        {over > 0
          ? t('composer.too_long', { max: MESSAGE_MAX_LENGTH, over })
          : `${t('composer.count', { count: body.length, max: MESSAGE_MAX_LENGTH })} · ${t('composer.hint')}`}
      </p>
      {problem && (
        <p id={problemId} className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.composerFoot}>
        <div className={styles.composerTools}>
          <FileButton
            label={file ? t('composer.replace') : t('composer.attach')}
            accept={ATTACH_EXTENSIONS.join(',')}
            onFile={(f) => void attach(f)}
            disabled={busy || disabled}
          />
          {uploading && <span role="status">{t('composer.uploading')}</span>}
          {file && (
            <span className={styles.chip}>
              {file.name} ({formatFileSize(file.size)})
              <button
                type="button"
                aria-label={t('composer.remove_file', { name: file.name })}
                onClick={() => setFile(null)}
              >
                ×
              </button>
            </span>
          )}
        </div>
        <Button type="submit" disabled={busy || disabled}>
          {sending ? t('composer.sending') : t('composer.send')}
        </Button>
      </div>
    </form>
  );
}

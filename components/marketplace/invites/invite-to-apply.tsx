import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { langOf } from '@/lib/i18n/lang';
import { KINDS, POSTING_KINDS, type TPostingKind } from '@/lib/kinds';
import { INVITE_MESSAGE_MAX } from '@/lib/schemas/invites';
import { useInviteToApplyMutation } from '@/services/invites-api';
import { useMyPostingsQuery } from '@/services/marketplace-api';
import styles from './invites.module.css';

/** The company's postings that take applications, of both kinds, as the dialog's choices. */
function useOpenPostings(enabled: boolean) {
  const { t } = useTranslation('market');
  const reads = {
    project: useMyPostingsQuery({ type: 'project', page: 1 }, { skip: !enabled }),
    job: useMyPostingsQuery({ type: 'job', page: 1 }, { skip: !enabled }),
  };
  const loading = POSTING_KINDS.some((k) => reads[k].isLoading);
  const options = POSTING_KINDS.flatMap((kind) =>
    (reads[kind].data?.data ?? [])
      .filter((p) => p.accepting)
      .map((p) => ({
        value: `${kind}:${p.id}`,
        label: `${p.name} · ${t(`invites.kind.${kind}`)}`,
      })),
  );
  return { options, loading };
}

/**
 * "Invite to apply" (docs/product.md "Invitations to apply"): on a talent's card in the talents
 * tab and on their public profile, for a member of a company. A dialog chooses one of the
 * company's open postings and takes an optional message; what the server answers is said in the
 * user's language.
 */
export default function InviteToApply({
  talentId,
  name,
  className,
}: {
  talentId: number;
  /** The talent's name, for the button's name (a list has many) and the dialog. */
  name: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation('market');
  const failureText = useFailureText();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [invite, { isLoading }] = useInviteToApplyMutation();
  const { options, loading } = useOpenPostings(open);

  const close = () => {
    setOpen(false);
    setProblem(null);
  };

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    setProblem(null);
    const [kind, id] = choice.split(':') as [TPostingKind | '', string];
    if (!kind || !KINDS[kind]) {
      setProblem(t('invites.choose_required'));
      return;
    }
    const result = await invite({
      kind,
      id: Number(id),
      data: {
        talent_id: talentId,
        message: message.trim() || null,
        lang: langOf(i18n.language),
      },
    });
    if ('error' in result) {
      setProblem(
        failureText(result.error, {
          fallback: t('invites.failed'),
          codes: {
            already_invited: t('invites.already_invited', { name }),
            already_applied: t('invites.already_applied', { name }),
            closed: t('invites.closed'),
            not_found: t('invites.not_found'),
          },
          shown: ['message'],
        }),
      );
      return;
    }
    const posting = options.find((o) => o.value === choice)?.label ?? '';
    setSent(t('invites.sent', { name, posting }));
    setMessage('');
    setChoice('');
    setOpen(false);
  }

  return (
    <div className={className}>
      <Button
        variant="secondary"
        // Its name begins with its text, then says whom (axe's label-content-name-mismatch).
        aria-label={t('invites.invite_name', { name })}
        onClick={() => {
          setSent(null);
          setOpen(true);
        }}
      >
        {t('invites.invite')}
      </Button>
      <p role="status" className={styles.sent}>
        {sent}
      </p>
      <Dialog
        open={open}
        title={t('invites.title', { name })}
        onClose={close}
        dismissible={!isLoading}
        actions={
          <>
            <Button variant="ghost" onClick={close} disabled={isLoading}>
              {t('invites.cancel')}
            </Button>
            <Button
              onClick={() => void submit()}
              disabled={isLoading || options.length === 0}
              aria-busy={isLoading || undefined}
            >
              {t('invites.send')}
            </Button>
          </>
        }
      >
        <form className={styles.form} onSubmit={(e) => void submit(e)}>
          {loading ? (
            <p role="status">{t('invites.loading')}</p>
          ) : options.length === 0 ? (
            <p>{t('invites.no_postings')}</p>
          ) : (
            <SelectField
              label={t('invites.posting')}
              name="posting"
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              options={options}
              placeholder={t('invites.choose')}
              required
            />
          )}
          <TextAreaField
            label={t('invites.message')}
            optionalLabel={t('invites.optional')}
            name="message"
            value={message}
            maxLength={INVITE_MESSAGE_MAX}
            rows={4}
            counter={t('invites.counter', { count: message.length, max: INVITE_MESSAGE_MAX })}
            onChange={(e) => setMessage(e.target.value)}
          />
          {problem && (
            <p role="alert" className={styles.problem}>
              {problem}
            </p>
          )}
        </form>
      </Dialog>
    </div>
  );
}

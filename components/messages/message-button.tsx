import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { useOpenConversationMutation } from '@/services/conversations-api';
import type { TPostingKind } from '@/types/marketplace';

/**
 * "Message" on an application (docs/product.md "Conversations"): the applicant card on the board,
 * the talent's application in /applications and on the posting's page. Opens the application's
 * conversation (`POST /conversations`, the existing one if there is one) and goes to its thread.
 * `name` or `posting` make the button's name say whom or what it is about (a list has many).
 */
export function MessageButton({
  kind,
  applicationId,
  name,
  posting,
  className,
}: {
  kind: TPostingKind;
  applicationId: number;
  /** The applicant the team writes to. */
  name?: string;
  /** The posting the talent writes about. */
  posting?: string;
  className?: string;
}) {
  const { t } = useTranslation('market');
  const failureText = useFailureText();
  const router = useRouter();
  const [open, { isLoading }] = useOpenConversationMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const go = async () => {
    setProblem(null);
    const result = await open({ kind, application_id: applicationId });
    if ('error' in result) {
      setProblem(failureText(result.error, { fallback: t('message.failed'), serverWords: true }));
      return;
    }
    await router.push(`/messages/${result.data.id}`, undefined, { locale: router.locale });
  };
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        disabled={isLoading}
        aria-label={
          name
            ? t('message.message_name', { name })
            : posting
              ? t('message.message_about', { posting })
              : undefined
        }
        onClick={() => void go()}
      >
        {isLoading ? t('message.opening') : t('message.message')}
      </Button>
      {problem && <span role="alert">{problem}</span>}
    </>
  );
}

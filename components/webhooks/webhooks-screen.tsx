import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { useCurrentCompany } from '@/components/team/use-company';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { langOf } from '@/lib/i18n/lang';
import { createWebhookSchema, WEBHOOK_EVENTS, type TWebhookEvent } from '@/lib/schemas/webhooks';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import {
  useAddWebhookMutation,
  useDeleteWebhookMutation,
  useWebhookDeliveriesQuery,
  useWebhooksQuery,
  type TNewWebhook,
  type TWebhook,
} from '@/services/webhooks-api';
import styles from './webhooks.module.css';

// /business/webhooks (docs/product.md "Webhooks"): the chosen company's endpoints, for its owners
// and admins: add one (its secret shown once), the list, delete with a confirmation, and each
// endpoint's delivery log. The server decides who may; a recruiter is told the page is not theirs.

/** A date and time in the active language. */
function useWhen() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(langOf(i18n.language), {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
}

/** The form that adds an endpoint; answers the new one (with its secret) to `onAdded`. */
function AddForm({ companyId, onAdded }: { companyId: number; onAdded: (w: TNewWebhook) => void }) {
  const { t } = useTranslation('webhooks');
  const say = useFailureText();
  const fields = useFieldErrors();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TWebhookEvent[]>([]);
  const [add, { isLoading }] = useAddWebhookMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = fields.check(createWebhookSchema, { url, events });
    if (!checked.ok) return;
    const outcome = await settle(add({ companyId, ...checked.value }));
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      toastError(say(outcome.failure, { serverWords: true }));
      return;
    }
    setUrl('');
    setEvents([]);
    onAdded(outcome.data);
  }

  const toggle = (event: TWebhookEvent, on: boolean) => {
    setEvents((list) => (on ? [...list, event] : list.filter((e) => e !== event)));
    fields.clear('events');
  };

  return (
    <section className={styles.card} aria-labelledby="webhooks-add">
      <h2 id="webhooks-add">{t('add.title')}</h2>
      <p>{t('add.lead')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('add.url')}
          hint={t('add.url_hint')}
          type="url"
          inputMode="url"
          autoComplete="off"
          {...fields.bind('url', url, setUrl)}
        />
        <fieldset
          className={styles.events}
          aria-describedby={fields.text('events') ? 'webhooks-events-error' : undefined}
        >
          <legend>{t('add.events')}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <CheckboxField
              key={event}
              label={event}
              hint={t(`events.${event}`)}
              checked={events.includes(event)}
              onChange={(e) => toggle(event, e.target.checked)}
            />
          ))}
          {fields.text('events') && (
            <p id="webhooks-events-error" className={styles.error}>
              {fields.text('events')}
            </p>
          )}
        </fieldset>
        <Button type="submit" disabled={isLoading}>
          {t('add.submit')}
        </Button>
      </form>
    </section>
  );
}

/** The new endpoint's secret, shown this once, with Copy and a warning. */
function SecretOnce({ added, onDone }: { added: TNewWebhook; onDone: () => void }) {
  const { t } = useTranslation('webhooks');
  async function copy() {
    try {
      await navigator.clipboard.writeText(added.secret);
      toastSuccess(t('secret.copied'));
    } catch {
      toastError(t('secret.copy_failed'));
    }
  }
  return (
    <section className={styles.secret} aria-labelledby="webhooks-secret" role="region">
      <h2 id="webhooks-secret">{t('secret.title')}</h2>
      <p>{t('secret.warning')}</p>
      <p className={styles.url}>{added.url}</p>
      <code className={styles.code} data-testid="webhook-secret">
        {added.secret}
      </code>
      <div className={styles.actions}>
        <Button onClick={() => void copy()}>{t('secret.copy')}</Button>
        <Button variant="ghost" onClick={onDone}>
          {t('secret.done')}
        </Button>
      </div>
    </section>
  );
}

/** One endpoint's delivery log, newest first. */
function DeliveryLog({ companyId, webhook }: { companyId: number; webhook: TWebhook }) {
  const { t } = useTranslation('webhooks');
  const when = useWhen();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useWebhookDeliveriesQuery({
    companyId,
    webhookId: webhook.id,
    page,
  });
  if (isLoading) return <p role="status">{t('log.loading')}</p>;
  if (isError || !data) {
    return (
      <p>
        {t('log.failed')}{' '}
        <Button variant="ghost" onClick={() => void refetch()}>
          {t('log.retry')}
        </Button>
      </p>
    );
  }
  if (data.data.length === 0) return <p>{t('log.empty')}</p>;
  return (
    <div className={styles.logWrap}>
      <table className={styles.log}>
        <caption>{t('log.caption', { url: webhook.url })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('log.event')}</th>
            <th scope="col">{t('log.status')}</th>
            <th scope="col">{t('log.attempts')}</th>
            <th scope="col">{t('log.http')}</th>
            <th scope="col">{t('log.when')}</th>
          </tr>
        </thead>
        <tbody>
          {data.data.map((d) => (
            <tr key={d.id}>
              <td>{d.event}</td>
              <td>{t(`status.${d.status}`)}</td>
              <td>{d.attempts}</td>
              <td>{d.last_status ?? (d.last_error ? t('log.no_answer') : '—')}</td>
              <td>{when(d.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.last_page > 1 && (
        <div className={styles.actions}>
          <Button variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('log.newer')}
          </Button>
          <Button
            variant="ghost"
            disabled={page >= data.last_page}
            onClick={() => setPage(page + 1)}
          >
            {t('log.older')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The list of endpoints, each with its state, its log on demand, and delete. */
function WebhookList({ companyId }: { companyId: number }) {
  const { t } = useTranslation('webhooks');
  const say = useFailureText();
  const when = useWhen();
  const { data, isLoading, isError, refetch } = useWebhooksQuery(companyId);
  const [remove, { isLoading: removing }] = useDeleteWebhookMutation();
  const [asking, setAsking] = useState<TWebhook | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  async function confirm() {
    if (!asking) return;
    const outcome = await settle(remove({ companyId, webhookId: asking.id }));
    setAsking(null);
    if (!outcome.ok) {
      toastError(say(outcome.failure, { serverWords: true }));
      return;
    }
    toastSuccess(t('list.deleted'));
  }

  return (
    <section className={styles.card} aria-labelledby="webhooks-list">
      <h2 id="webhooks-list">{t('list.title')}</h2>
      {isLoading && <p role="status">{t('list.loading')}</p>}
      {isError && (
        <p>
          {t('list.failed')}{' '}
          <Button variant="ghost" onClick={() => void refetch()}>
            {t('log.retry')}
          </Button>
        </p>
      )}
      {data && data.length === 0 && <p>{t('list.empty')}</p>}
      {data && data.length > 0 && (
        <ul className={styles.list}>
          {data.map((w) => (
            <li key={w.id} className={styles.item}>
              <p className={styles.url}>{w.url}</p>
              <p>
                <span className={w.enabled ? styles.enabled : styles.disabled}>
                  {w.enabled ? t('list.enabled') : t('list.disabled')}
                </span>{' '}
                {t('list.failures', { count: w.failures })}
                {w.disabled_at && <> · {t('list.disabled_at', { when: when(w.disabled_at) })}</>}
              </p>
              <p>{t('list.events', { events: w.events.join(', ') })}</p>
              <div className={styles.actions}>
                <Button
                  variant="ghost"
                  aria-expanded={open === w.id}
                  onClick={() => setOpen(open === w.id ? null : w.id)}
                >
                  {open === w.id ? t('list.hide_log') : t('list.show_log')}
                </Button>
                <Button
                  variant="ghost"
                  aria-label={t('list.delete_label', { url: w.url })}
                  onClick={() => setAsking(w)}
                >
                  {t('list.delete')}
                </Button>
              </div>
              {open === w.id && <DeliveryLog companyId={companyId} webhook={w} />}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={asking !== null}
        title={t('confirm.title')}
        onClose={() => setAsking(null)}
        dismissible={!removing}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAsking(null)} disabled={removing}>
              {t('confirm.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void confirm()} disabled={removing}>
              {t('confirm.delete')}
            </Button>
          </>
        }
      >
        <p>{t('confirm.text', { url: asking?.url ?? '' })}</p>
      </Dialog>
    </section>
  );
}

/** The page's body: for the chosen company's owners and admins. */
export default function WebhooksScreen() {
  const { t } = useTranslation('webhooks');
  const { company, role, loading } = useCurrentCompany();
  const [added, setAdded] = useState<TNewWebhook | null>(null);
  if (loading) return <p role="status">{t('list.loading')}</p>;
  if (!company) return <p>{t('no_company')}</p>;
  if (role !== 'owner' && role !== 'admin') return <p>{t('forbidden')}</p>;
  return (
    <div className={styles.screen}>
      {added && <SecretOnce added={added} onDone={() => setAdded(null)} />}
      <AddForm companyId={company.id} onAdded={setAdded} />
      <WebhookList companyId={company.id} />
    </div>
  );
}
